import type { UnknownAction } from '@reduxjs/toolkit';
import type { DictationDeps } from '../../../src/features/dictation/dictationMiddleware';
import type {
  AudioContextLike,
  MicrophoneDeps,
  WorkletNodeLike,
} from '../../../src/features/dictation/microphone';
import { PcmChunker } from '../../../src/features/dictation/pcm';
import { makeStore } from '../../../src/store/store';
import type { AudioWebSocketCtor, AudioWebSocketLike } from '../../../src/ws/audioSocket';
import { fakeSockets } from '../ws/fakeWebSocket';

/**
 * Fakes for the device and network edges of dictation: getUserMedia, the
 * AudioContext and its worklet node (whose port the test feeds like the audio
 * thread would), the audio socket, and hand-driven timers. Everything else is
 * the app's real code and store.
 */

export interface FakeAudioSocket extends AudioWebSocketLike {
  url: string;
  sent: (string | ArrayBuffer)[];
  closeCalls: { code?: number; reason?: string }[];
  binaryFrames(): ArrayBuffer[];
  textFrames(): string[];
  serverOpen(): void;
  serverSend(data: unknown): void;
  serverClose(code?: number, reason?: string): void;
}

export function fakeAudioSockets() {
  const instances: FakeAudioSocket[] = [];
  class Socket implements FakeAudioSocket {
    readyState = 0;
    binaryType = 'blob';
    sent: (string | ArrayBuffer)[] = [];
    closeCalls: { code?: number; reason?: string }[] = [];
    onopen: AudioWebSocketLike['onopen'] = null;
    onmessage: AudioWebSocketLike['onmessage'] = null;
    onclose: AudioWebSocketLike['onclose'] = null;
    onerror: AudioWebSocketLike['onerror'] = null;
    constructor(readonly url: string) {
      instances.push(this);
    }
    send(data: string | ArrayBuffer) {
      if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
      this.sent.push(data);
    }
    close(code?: number, reason?: string) {
      this.closeCalls.push({ code, reason });
      this.readyState = 2;
    }
    binaryFrames() {
      return this.sent.filter((d): d is ArrayBuffer => d instanceof ArrayBuffer);
    }
    textFrames() {
      return this.sent.filter((d): d is string => typeof d === 'string');
    }
    serverOpen() {
      this.readyState = 1;
      this.onopen?.({});
    }
    serverSend(data: unknown) {
      this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
    }
    serverClose(code = 1006, reason = '') {
      this.readyState = 3;
      this.onclose?.({ code, reason, wasClean: false });
    }
  }
  const WebSocketImpl: AudioWebSocketCtor = Socket;
  return {
    WebSocketImpl,
    instances,
    last(): FakeAudioSocket {
      const s = instances.at(-1);
      if (!s) throw new Error('no audio socket was opened');
      return s;
    },
  };
}

type FakeNode = WorkletNodeLike & {
  name: string;
  options: AudioWorkletNodeOptions;
  connected: unknown[];
};

interface FakeTrack {
  stopped: boolean;
  endedListeners: (() => void)[];
}

export function fakeMicrophone(
  opts: { error?: unknown; sampleRate?: number; noMediaDevices?: boolean } = {},
) {
  const tracks: FakeTrack[] = [];
  const constraints: MediaStreamConstraints[] = [];
  const contexts: { closed: boolean; modules: string[]; options: AudioContextOptions }[] = [];
  let node: FakeNode | null = null;
  let sourceConnectedTo: unknown = null;

  const deps: MicrophoneDeps = {
    mediaDevices: () =>
      opts.noMediaDevices
        ? undefined
        : {
            getUserMedia: async (c?: MediaStreamConstraints) => {
              constraints.push(c ?? {});
              if (opts.error) throw opts.error;
              const track: FakeTrack = { stopped: false, endedListeners: [] };
              tracks.push(track);
              const t = {
                stop: () => (track.stopped = true),
                addEventListener: (_: string, fn: () => void) => track.endedListeners.push(fn),
              };
              return { getTracks: () => [t], getAudioTracks: () => [t] } as unknown as MediaStream;
            },
          },
    createAudioContext: (options): AudioContextLike => {
      const record = { closed: false, modules: [] as string[], options };
      contexts.push(record);
      return {
        sampleRate: opts.sampleRate ?? options.sampleRate ?? 48000,
        destination: 'destination',
        audioWorklet: { addModule: async (url) => void record.modules.push(url) },
        createMediaStreamSource: () => ({
          connect: (to) => (sourceConnectedTo = to),
          disconnect: () => (sourceConnectedTo = null),
        }),
        resume: async () => undefined,
        close: async () => void (record.closed = true),
      };
    },
    createWorkletNode: (_context, name, options) => {
      const n: FakeNode = {
        name,
        options,
        connected: [],
        port: { onmessage: null, close: () => undefined },
        connect: (to) => n.connected.push(to),
        disconnect: () => void (n.connected.length = 0),
      };
      node = n;
      return n;
    },
    workletUrl: '/assets/pcmWorklet.js',
  };

  return {
    deps,
    tracks,
    constraints,
    contexts,
    get node() {
      return node;
    },
    get capturing() {
      return sourceConnectedTo !== null && sourceConnectedTo === node;
    },
    /** Feeds samples through the real chunker, as the worklet does, and posts the chunks. */
    speak(samples: Float32Array, chunkSamples = 2048) {
      const chunker = new PcmChunker(chunkSamples);
      for (const chunk of chunker.push(samples)) node?.port.onmessage?.({ data: chunk });
    },
    unplug() {
      for (const t of tracks) t.endedListeners.forEach((fn) => fn());
    },
  };
}

/** Timers the test fires by hand. */
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++;
      pending.set(id, { fn, ms });
      return id;
    },
    clearTimeout: (id: unknown) => void pending.delete(id as number),
    pending: () => [...pending.values()].map((t) => t.ms),
    /** Runs every pending timer of the given length. */
    fire(ms: number) {
      for (const [id, t] of [...pending]) {
        if (t.ms !== ms) continue;
        pending.delete(id);
        t.fn();
      }
    },
  };
}

/** A sine tone of the given amplitude, as Float32 samples. */
export function tone(samples: number, amplitude: number, hz = 440, rate = 44100): Float32Array {
  const out = new Float32Array(samples);
  for (let i = 0; i < samples; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Lets the controller's awaits (getUserMedia, addModule, resume) run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The app's real store with fake cog socket, fake dictation edges and an action log. */
export function makeDictationStore(
  mic = fakeMicrophone(),
  { finalTimeoutMs, levelIntervalMs }: { finalTimeoutMs?: number; levelIntervalMs?: number } = {},
) {
  const audio = fakeAudioSockets();
  const timers = manualTimers();
  let clock = 0;
  const actions: UnknownAction[] = [];
  const dictation: DictationDeps = {
    WebSocketImpl: audio.WebSocketImpl,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    now: () => clock,
    urlFor: (worldId) => `ws://emgen.test/ws/audio?worldId=${worldId}&browser=b-test`,
    microphone: mic.deps,
    finalTimeoutMs,
    levelIntervalMs,
  };
  const cog = fakeSockets();
  const store = makeStore(undefined, {
    cog: {
      WebSocketImpl: cog.WebSocketImpl,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      urlFor: (w) => `ws://emgen.test/api/ws/cog?worldId=${w}`,
      browserId: () => 'b-test',
    },
    dictation,
    extraMiddleware: [
      () => (next) => (action) => {
        actions.push(action as UnknownAction);
        return next(action);
      },
    ],
  });
  return {
    store,
    mic,
    audio,
    timers,
    actions,
    types: () => actions.map((a) => a.type).filter((t) => t.startsWith('dictation/')),
    advanceClock: (ms: number) => (clock += ms),
  };
}
