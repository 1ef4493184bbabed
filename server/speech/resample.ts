import { createRequire } from 'node:module';
import type * as LibSampleRateModule from '@alexanderolsen/libsamplerate-js';
import { floatToPcm16, pcm16ToFloat } from './pcm';

type LibSampleRate = typeof LibSampleRateModule;

let lib: LibSampleRate | undefined;
/**
 * The package, loaded on the first dictation rather than at start: loading
 * it compiles its WebAssembly and reserves 8 MB of wasm memory, which a
 * server that never hears audio would otherwise hold for good. It is a UMD
 * bundle whose names Node's ESM loader cannot see; require() gets them.
 */
function libSampleRate(): LibSampleRate {
  lib ??= createRequire(import.meta.url)('@alexanderolsen/libsamplerate-js') as LibSampleRate;
  return lib;
}

/**
 * A streaming sample-rate converter for 16-bit mono PCM, keeping its filter
 * state from chunk to chunk. libsamplerate's band-limited sinc converter
 * (medium quality: flat to about 7 kHz, over 100 dB down past 8.5 kHz when
 * going to 16 kHz) low-passes before decimating, so what is above the new
 * Nyquist frequency does not alias into speech.
 */
export interface Resampler {
  readonly inputRate: number;
  readonly outputRate: number;
  /** Converts one chunk of 16-bit LE PCM (whole samples); returns what is ready so far. */
  push(pcm: Buffer): Buffer;
  /** Pushes the filter's tail out with a little silence; call once at the end. */
  flush(): Buffer;
  /** Frees the converter; safe to call twice. */
  destroy(): void;
}

export async function createResampler(inputRate: number, outputRate: number): Promise<Resampler> {
  const sampleRate = libSampleRate();
  const src = await sampleRate.create(1, inputRate, outputRate, {
    converterType: sampleRate.ConverterType.SRC_SINC_MEDIUM_QUALITY,
  });
  let destroyed = false;
  const convert = (samples: Float32Array): Buffer => {
    if (destroyed || samples.length === 0) return Buffer.alloc(0);
    return floatToPcm16(src.full(samples));
  };
  return {
    inputRate,
    outputRate,
    push: (pcm) => convert(pcm16ToFloat(pcm)),
    // 20 ms of silence is far longer than the filter's delay (about 3 ms).
    flush: () => convert(new Float32Array(Math.ceil(inputRate / 50))),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      src.destroy();
    },
  };
}
