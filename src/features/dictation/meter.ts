/** The five-bar level meter of the microphone toggle (SPEC §2, §9: bar heights 4 to 24 px). */
export const METER_BARS = 5;
export const METER_MIN_PX = 4;
export const METER_MAX_PX = 24;
/** Levels below this (dB full scale) show as the lowest bar: a quiet room. */
const FLOOR_DB = -60;
/** Levels above this show as the highest bar: speech close to the microphone is -35 to -20 dB. */
const CEILING_DB = -12;

export const QUIET_BARS: readonly number[] = Array<number>(METER_BARS).fill(METER_MIN_PX);

/** An RMS level (0..1) as a bar height: logarithmic, like a VU meter, so speech fills the range. */
export function levelToBarHeight(rms: number): number {
  if (!(rms > 0)) return METER_MIN_PX;
  const db = 20 * Math.log10(Math.min(1, rms));
  const x = Math.max(0, Math.min(1, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)));
  return Math.round(METER_MIN_PX + x * (METER_MAX_PX - METER_MIN_PX));
}

/** The last few chunk levels, oldest first, as five bar heights (padded with quiet bars). */
export function meterBars(recentRms: readonly number[]): number[] {
  const last = recentRms.slice(-METER_BARS).map(levelToBarHeight);
  return [...QUIET_BARS.slice(last.length), ...last];
}
