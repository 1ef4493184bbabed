import { getBrowserId } from '../../ws/browserId';
import { audioSocketUrl } from '../../ws/audioUrl';
import type { DictationDeps } from './dictationMiddleware';
import type { AudioContextLike, WorkletNodeLike } from './microphone';

/** The browser's real microphone, Web Audio and socket; tests inject fakes instead. */
export function browserDictationDeps(): DictationDeps {
  return {
    // Through globalThis: a store made where there is no WebSocket (the bench in Node 20) still loads.
    WebSocketImpl: globalThis.WebSocket,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    now: () => performance.now(),
    urlFor: (worldId) => audioSocketUrl(window.location, { browserId: getBrowserId(), worldId }),
    microphone: {
      // Read at the click, not at start-up: absent outside a secure context.
      mediaDevices: () => navigator.mediaDevices,
      createAudioContext: (options) => new AudioContext(options),
      createWorkletNode: (context: AudioContextLike, name, options): WorkletNodeLike =>
        new AudioWorkletNode(context as AudioContext, name, options),
      // Vite builds the worklet as its own file (imports bundled) and gives its URL. Imported on
      // first use, so the store also loads where Vite does not (the bench runs it in Node).
      workletUrl: () => import('./pcmWorklet?worker&url').then((m) => m.default),
    },
  };
}
