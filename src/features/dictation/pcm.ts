/**
 * Pure audio helpers for dictation (SPEC §7, §9), shared by the AudioWorklet
 * (which runs them on the audio thread) and the tests. No DOM, no Web Audio.
 */

/** Bytes per 16-bit sample. */
export const PCM_BYTES_PER_SAMPLE = 2;

/**
 * Float samples in [-1, 1] as 16-bit signed little-endian PCM. Values outside
 * the range are clipped (a loud microphone must not wrap around), NaN is silence.
 */
export function floatToPcm16(samples: Float32Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * PCM_BYTES_PER_SAMPLE);
  const view = new DataView(buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    const clipped = s > 1 ? 1 : s < -1 ? -1 : s === s ? s : 0;
    const int = clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
    view.setInt16(i * PCM_BYTES_PER_SAMPLE, int, true);
  }
  return buffer;
}

export interface InputLevel {
  /** Root mean square of the samples, 0..1. */
  rms: number;
  /** Largest absolute sample, 0..1. */
  peak: number;
}

export function inputLevel(samples: Float32Array): InputLevel {
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = Math.min(1, Math.abs(samples[i]!) || 0);
    sum += s * s;
    if (s > peak) peak = s;
  }
  return { rms: samples.length ? Math.sqrt(sum / samples.length) : 0, peak };
}

/** One chunk as the worklet posts it to the main thread. */
export interface PcmChunk extends InputLevel {
  /** AUDIO_BUFFER_SAMPLES samples of 16-bit LE mono PCM. */
  pcm: ArrayBuffer;
}

/**
 * Collects the audio thread's small render quanta (128 frames) into chunks of
 * a fixed number of samples. Holds at most one chunk's worth of samples.
 */
export class PcmChunker {
  private readonly buffer: Float32Array;
  private filled = 0;

  constructor(readonly size: number) {
    this.buffer = new Float32Array(size);
  }

  /** Adds samples; returns the chunks completed by them (usually none or one). */
  push(samples: Float32Array): PcmChunk[] {
    const chunks: PcmChunk[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.size - this.filled, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        chunks.push({ pcm: floatToPcm16(this.buffer), ...inputLevel(this.buffer) });
        this.filled = 0;
      }
    }
    return chunks;
  }
}

/** The name the worklet registers its processor under. */
export const PCM_PROCESSOR_NAME = 'emgen-pcm-chunker';

/** Options the page hands the processor (`processorOptions`). */
export interface PcmProcessorOptions {
  chunkSamples: number;
}
