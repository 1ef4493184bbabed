/**
 * The dictation AudioWorklet (runs on the audio thread, not the page): turns
 * the microphone's Float32 render quanta into fixed-size chunks of 16-bit LE
 * PCM and posts each, with its input level, to the main thread (the
 * ArrayBuffer is transferred, not copied). The page loads it with
 * `audioWorklet.addModule` from the URL Vite builds for it (`?worker&url`).
 * It imports only the pure helpers, so the built file stays small.
 */
import { PCM_PROCESSOR_NAME, PcmChunker, type PcmProcessorOptions } from './pcm';

/** The worklet's global scope is not in the DOM lib; only what is used here. */
declare const AudioWorkletProcessor: {
  prototype: { readonly port: MessagePort };
  new (options?: unknown): { readonly port: MessagePort };
};
declare function registerProcessor(name: string, ctor: unknown): void;

class PcmChunkerProcessor extends AudioWorkletProcessor {
  private readonly chunker: PcmChunker;

  constructor(options: { processorOptions: PcmProcessorOptions }) {
    super(options);
    this.chunker = new PcmChunker(options.processorOptions.chunkSamples);
  }

  process(inputs: Float32Array[][]): boolean {
    const mono = inputs[0]?.[0];
    if (mono) {
      for (const chunk of this.chunker.push(mono)) this.port.postMessage(chunk, [chunk.pcm]);
    }
    return true; // runs while connected; the page disconnects the node when it stops
  }
}

registerProcessor(PCM_PROCESSOR_NAME, PcmChunkerProcessor);
