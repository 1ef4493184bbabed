/**
 * The microphone side of dictation: getUserMedia → AudioContext at 44.1 kHz →
 * the PCM AudioWorklet, whose chunks reach the page through its port. Every
 * browser object comes through MicrophoneDeps, so tests use fakes (the device
 * edge) and nothing here touches Redux.
 */
import { t, tKey } from '../../i18n/i18n';
import { PCM_PROCESSOR_NAME, type PcmChunk, type PcmProcessorOptions } from './pcm';

export interface AudioNodeLike {
  connect(destination: unknown): unknown;
  disconnect(): void;
}

/** Method-derived, so the DOM's `(this: MessagePort, ev: MessageEvent) => any` is assignable. */
type PortHandler = { bivarianceHack(event: { data: unknown }): void }['bivarianceHack'] | null;

export interface WorkletNodeLike extends AudioNodeLike {
  readonly port: {
    onmessage: PortHandler;
    close(): void;
  };
}

export interface AudioContextLike {
  readonly sampleRate: number;
  readonly destination: unknown;
  readonly audioWorklet: { addModule(url: string): Promise<void> };
  createMediaStreamSource(stream: MediaStream): AudioNodeLike;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface MicrophoneDeps {
  /** navigator.mediaDevices; undefined outside a secure context (plain http on another host). */
  mediaDevices(): Pick<MediaDevices, 'getUserMedia'> | undefined;
  createAudioContext(options: AudioContextOptions): AudioContextLike;
  createWorkletNode(
    context: AudioContextLike,
    name: string,
    options: AudioWorkletNodeOptions,
  ): WorkletNodeLike;
  /** Where the built pcmWorklet module is served (or how to find out, on first use). */
  workletUrl: string | (() => Promise<string>);
}

export interface CaptureHandlers {
  onChunk(chunk: PcmChunk): void;
  /** The device went away (unplugged, or the permission was revoked) while recording. */
  onEnded(): void;
}

export interface MicrophoneCapture {
  /** Connects the microphone to the worklet; chunks flow until stop(). */
  start(handlers: CaptureHandlers): void;
  /** Stops the tracks and closes the audio context; safe to call twice. */
  stop(): void;
}

/** In English; what the user sees is the current language's (microphoneErrorText, t). */
export const MIC_ERRORS = {
  denied: tKey('Microphone permission was denied'),
  noDevice: tKey('No microphone found'),
  busy: tKey('The microphone is in use by another application'),
  insecure: tKey('The microphone is only available over https (or on localhost)'),
  sampleRate: tKey('This browser cannot record at the sample rate dictation needs'),
  ended: tKey('The microphone stopped'),
} as const;

/** A failure the user can read; `message` is one of MIC_ERRORS, shown translated. */
export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
}

/** getUserMedia's DOMException names as the messages the user sees (SPEC §8 style). */
export function microphoneErrorText(e: unknown): string {
  if (e instanceof MicrophoneError) return t(e.message);
  const name = (e as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return t(MIC_ERRORS.denied);
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return t(MIC_ERRORS.noDevice);
    case 'NotReadableError':
    case 'TrackStartError':
      return t(MIC_ERRORS.busy);
    default:
      return t('Could not start the microphone: {{error}}', {
        error: e instanceof Error ? e.message : String(e),
      });
  }
}

export async function openMicrophone(
  deps: MicrophoneDeps,
  { sampleRate, chunkSamples }: { sampleRate: number; chunkSamples: number },
): Promise<MicrophoneCapture> {
  const media = deps.mediaDevices();
  if (!media?.getUserMedia) throw new MicrophoneError(MIC_ERRORS.insecure);
  const stream = await media.getUserMedia({
    // Automatic gain control is off: its gain swings in the first seconds garble the words
    // for the recogniser (Chromium's fake microphone turned "ten meters" into "and majors").
    audio: {
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: false,
    },
  });
  let context: AudioContextLike | null = null;
  const release = () => {
    stream.getTracks().forEach((t) => t.stop());
    void context?.close().catch(() => undefined);
  };
  try {
    context = deps.createAudioContext({ sampleRate, latencyHint: 'interactive' });
    if (context.sampleRate !== sampleRate) throw new MicrophoneError(MIC_ERRORS.sampleRate);
    const workletUrl =
      typeof deps.workletUrl === 'function' ? await deps.workletUrl() : deps.workletUrl;
    await context.audioWorklet.addModule(workletUrl);
    const processorOptions: PcmProcessorOptions = { chunkSamples };
    const node = deps.createWorkletNode(context, PCM_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
      processorOptions,
    });
    const source = context.createMediaStreamSource(stream);
    // Resumes a context created after the click's user activation ran out (a slow permission prompt).
    await context.resume();
    return captureOf(stream, context, source, node, release);
  } catch (e) {
    release();
    throw e;
  }
}

function captureOf(
  stream: MediaStream,
  context: AudioContextLike,
  source: AudioNodeLike,
  node: WorkletNodeLike,
  release: () => void,
): MicrophoneCapture {
  let stopped = false;
  return {
    start(handlers) {
      if (stopped) return;
      node.port.onmessage = (event) => {
        if (!stopped && isChunk(event.data)) handlers.onChunk(event.data);
      };
      for (const track of stream.getAudioTracks()) {
        track.addEventListener('ended', () => {
          if (!stopped) handlers.onEnded();
        });
      }
      source.connect(node);
      // The worklet writes silence; being connected keeps the graph pulling it.
      node.connect(context.destination);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      node.port.onmessage = null;
      try {
        source.disconnect();
        node.disconnect();
        node.port.close();
      } catch {
        // Already disconnected: nothing left to release here.
      }
      release();
    },
  };
}

function isChunk(data: unknown): data is PcmChunk {
  const c = data as Partial<PcmChunk> | null;
  return !!c && c.pcm instanceof ArrayBuffer && typeof c.rms === 'number';
}
