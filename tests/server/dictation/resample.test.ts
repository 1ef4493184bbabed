import { describe, expect, it } from 'vitest';
import { AUDIO_BUFFER_SAMPLES, AUDIO_SAMPLE_RATE } from '../../../protocol';
import { floatToPcm16, pcm16ToFloat } from '../../../server/speech/pcm';
import { createResampler } from '../../../server/speech/resample';
import { wavFile } from '../../../server/speech/wav';
import { chunks, pcm44k } from './helpers';

/** A sine of this frequency at half scale through the 44.1 → 16 kHz resampler, in browser-sized chunks. */
async function through(frequency: number, seconds = 1) {
  const input = pcm44k(
    seconds,
    (i) => 16384 * Math.sin((2 * Math.PI * frequency * i) / AUDIO_SAMPLE_RATE),
  );
  const resampler = await createResampler(AUDIO_SAMPLE_RATE, 16000);
  const parts = chunks(input, AUDIO_BUFFER_SAMPLES).map((c) => resampler.push(c));
  parts.push(resampler.flush());
  resampler.destroy();
  return pcm16ToFloat(Buffer.concat(parts));
}

/** Gain in dB of the steady part of a half-scale sine. */
function gainDb(samples: Float32Array): number {
  const steady = samples.subarray(1000, samples.length - 1000);
  const rms = Math.sqrt(steady.reduce((s, v) => s + v * v, 0) / steady.length);
  return 20 * Math.log10(rms / (0.5 / Math.SQRT2));
}

describe('44.1 kHz → 16 kHz resampling', () => {
  it('keeps the length: 16000 samples a second, whatever the chunking', async () => {
    const out = await through(440, 2);
    expect(Math.abs(out.length - 32000)).toBeLessThan(400);
  });

  it('passes speech frequencies unchanged', async () => {
    for (const f of [300, 1000, 3000, 6000])
      expect(Math.abs(gainDb(await through(f)))).toBeLessThan(0.5);
  });

  it('removes what lies above the new Nyquist frequency instead of folding it into speech', async () => {
    // Without the low-pass filter a 10 kHz tone would come back as a 6 kHz one at full level.
    for (const f of [8500, 10000, 15000, 20000]) expect(gainDb(await through(f))).toBeLessThan(-60);
  });
});

describe('PCM and WAV helpers', () => {
  it('converts 16-bit PCM to floats and back, clipping out-of-range values', () => {
    const pcm = Buffer.alloc(8);
    [0, 32767, -32768, 1234].forEach((v, i) => pcm.writeInt16LE(v, i * 2));
    expect(floatToPcm16(pcm16ToFloat(pcm))).toEqual(pcm);
    const clipped = floatToPcm16(Float32Array.from([1.5, -2]));
    expect([clipped.readInt16LE(0), clipped.readInt16LE(2)]).toEqual([32767, -32768]);
  });

  it('writes a canonical 44-byte WAV header', () => {
    const wav = wavFile([Buffer.alloc(6), Buffer.alloc(4, 1)], 16000);
    expect(wav.length).toBe(54);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(46);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(28)).toBe(32000); // bytes per second
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(10);
    expect([...wav.subarray(44)]).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
  });
});
