import { getBrowserId } from '../../ws/browserId';
import { audioSocketUrl } from '../../ws/audioUrl';
import type { DictationDeps } from './dictationMiddleware';
import type { AudioContextLike, WorkletNodeLike } from './microphone';
// Vite builds the worklet as its own file (with its imports bundled) and gives its URL.
import pcmWorkletUrl from './pcmWorklet?worker&url';

/** The browser's real microphone, Web Audio and socket; tests inject fakes instead. */
export function browserDictationDeps(): DictationDeps {
  return {
    WebSocketImpl: WebSocket,
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
      workletUrl: pcmWorkletUrl,
    },
  };
}
