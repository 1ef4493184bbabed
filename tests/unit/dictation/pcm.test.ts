import { describe, expect, it } from 'vitest';
import { appendDictation } from '../../../src/features/dictation/appendDictation';
import {
  METER_MAX_PX,
  METER_MIN_PX,
  levelToBarHeight,
  meterBars,
} from '../../../src/features/dictation/meter';
import { PcmChunker, floatToPcm16, inputLevel } from '../../../src/features/dictation/pcm';

const int16s = (buffer: ArrayBuffer) => {
  const view = new DataView(buffer);
  return Array.from({ length: buffer.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true));
};

describe('floatToPcm16', () => {
  it('maps -1..1 to the full 16-bit range, little-endian', () => {
    const buffer = floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5]));
    expect(buffer.byteLength).toBe(10);
    expect(int16s(buffer)).toEqual([0, 32767, -32768, 16384, -16384]);
    // Little-endian on the wire whatever the host: 32767 is FF 7F.
    expect(Array.from(new Uint8Array(buffer, 2, 2))).toEqual([0xff, 0x7f]);
  });

  it('clips out-of-range samples instead of wrapping, and NaN is silence', () => {
    expect(int16s(floatToPcm16(new Float32Array([1.5, -3, Infinity, -Infinity, NaN])))).toEqual([
      32767, -32768, 32767, -32768, 0,
    ]);
  });
});

describe('PcmChunker', () => {
  it('turns 128-frame quanta into 2048-sample chunks with their level', () => {
    const chunker = new PcmChunker(2048);
    const quantum = new Float32Array(128).fill(0.25);
    const chunks = [];
    for (let i = 0; i < 40; i++) chunks.push(...chunker.push(quantum));
    expect(chunks).toHaveLength(2); // 40 × 128 = 5120 = 2 × 2048 + 1024 held back
    for (const c of chunks) {
      expect(c.pcm.byteLength).toBe(4096);
      expect(c.rms).toBeCloseTo(0.25, 5);
      expect(c.peak).toBeCloseTo(0.25, 5);
    }
  });

  it('splits an input longer than a chunk across chunks in order', () => {
    const samples = Float32Array.from({ length: 10 }, (_, i) => i / 10);
    const chunks = new PcmChunker(4).push(samples);
    expect(chunks).toHaveLength(2);
    expect(int16s(chunks[1]!.pcm)).toEqual(int16s(floatToPcm16(samples.subarray(4, 8))));
  });
});

describe('inputLevel and the meter', () => {
  it('measures RMS and peak', () => {
    const level = inputLevel(new Float32Array([0.5, -0.5, 0.5, -1]));
    expect(level.peak).toBe(1);
    expect(level.rms).toBeCloseTo(Math.sqrt((0.25 * 3 + 1) / 4), 6);
  });

  it('keeps every bar between 4 and 24 px, louder is taller', () => {
    for (const rms of [0, 1e-9, 0.001, 0.01, 0.1, 0.5, 1, 2, NaN, -1]) {
      const h = levelToBarHeight(rms);
      expect(h).toBeGreaterThanOrEqual(METER_MIN_PX);
      expect(h).toBeLessThanOrEqual(METER_MAX_PX);
    }
    expect(levelToBarHeight(0)).toBe(4);
    expect(levelToBarHeight(1)).toBe(24);
    expect(levelToBarHeight(0.1)).toBeGreaterThan(levelToBarHeight(0.01));
  });

  it('shows the last five levels, padded with quiet bars', () => {
    expect(meterBars([])).toEqual([4, 4, 4, 4, 4]);
    expect(meterBars([1])).toEqual([4, 4, 4, 4, 24]);
    expect(meterBars([0, 0, 0, 0, 0, 1, 1])).toEqual([4, 4, 4, 24, 24]);
  });
});

describe('appendDictation', () => {
  it('appends after a space, never replacing', () => {
    expect(appendDictation('Note:', 'go forward ten meters')).toBe('Note: go forward ten meters');
    expect(appendDictation('', ' hello ')).toBe('hello');
    expect(appendDictation('Line one\n', 'two')).toBe('Line one\ntwo');
    expect(appendDictation('Note: ', 'two')).toBe('Note: two');
  });

  it('leaves the text alone for an empty recognition', () => {
    expect(appendDictation('Note:', '')).toBe('Note:');
    expect(appendDictation('Note:', '   ')).toBe('Note:');
  });
});
