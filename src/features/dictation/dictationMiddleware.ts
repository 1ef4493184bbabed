/**
 * The dictation controller (SPEC §7 "Dictation", DESIGN §3): owns one
 * session at a time — the microphone capture and the audio socket — in its
 * closure, and tells the store what happens with serializable actions. It
 * reacts to the user's intents after `next(action)`, like the cog middleware.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { CLOSE_NOT_SIGNED_IN } from '../../../protocol';
import { AUDIO_BUFFER_SAMPLES, AUDIO_ERRORS, AUDIO_SAMPLE_RATE } from '../../../protocol/audio';
import { t, tKey } from '../../i18n/i18n';
import { authenticationFailed } from '../auth/authActions';
import { AudioSocket, type AudioWebSocketCtor } from '../../ws/audioSocket';
import { CONNECT_TIMEOUT_CODE, type CloseInfo, type Timers } from '../../ws/transport';
import {
  dictationCancelled,
  dictationFailed,
  dictationFinalReceived,
  dictationInterimReceived,
  dictationLevelMeasured,
  dictationRecordingStarted,
  dictationStartRequested,
  dictationStopRequested,
  dictationStopped,
} from './dictationSlice';
import { meterBars, METER_BARS } from './meter';
import {
  MIC_ERRORS,
  microphoneErrorText,
  openMicrophone,
  type MicrophoneCapture,
  type MicrophoneDeps,
} from './microphone';
import type { PcmChunk } from './pcm';

export interface DictationDeps extends Timers {
  WebSocketImpl: AudioWebSocketCtor;
  urlFor(worldId: string): string;
  microphone: MicrophoneDeps;
  now(): number;
  connectTimeoutMs?: number;
  /** How long stopping waits for the final text after the end marker. */
  finalTimeoutMs?: number;
  /** Minimum time between two meter updates in the store. */
  levelIntervalMs?: number;
}

export const DICTATION_CONNECT_TIMEOUT_MS = 10_000;
export const DICTATION_FINAL_TIMEOUT_MS = 5_000;
/** At most ten meter updates per second, so DevTools and the action log stay readable. */
export const DICTATION_LEVEL_INTERVAL_MS = 100;

/** In English; the failure carries the current language's text (t where it fails). */
export const DICTATION_ERRORS = {
  connect: tKey('Could not connect to speech recognition'),
  lost: tKey('The connection to speech recognition was lost'),
  noFinal: tKey('Speech recognition did not answer in time'),
} as const;

interface Session {
  worldId: string;
  phase: 'starting' | 'recording' | 'stopping';
  mic: MicrophoneCapture | null;
  socket: AudioSocket | null;
  levels: number[];
  lastLevelAt: number;
  interim: string;
  finalTimer: unknown;
}

export function createDictationMiddleware(deps: DictationDeps): Middleware {
  const finalTimeoutMs = deps.finalTimeoutMs ?? DICTATION_FINAL_TIMEOUT_MS;
  const levelIntervalMs = deps.levelIntervalMs ?? DICTATION_LEVEL_INTERVAL_MS;
  // Host timers are called unbound: browsers reject a foreign `this`.
  const { setTimeout, clearTimeout } = deps;

  return (api) => {
    let session: Session | null = null;

    /** Releases everything the session holds; it no longer reacts to anything. */
    function release(s: Session): void {
      if (session === s) session = null;
      if (s.finalTimer !== undefined) clearTimeout(s.finalTimer);
      s.finalTimer = undefined;
      s.mic?.stop();
      s.socket?.close(1000, 'Dictation over');
    }

    function fail(s: Session, error: string): void {
      if (session !== s) return;
      release(s);
      api.dispatch(dictationFailed({ error }));
    }

    function finish(s: Session): void {
      if (session !== s) return;
      release(s);
      api.dispatch(dictationStopped());
    }

    async function start(worldId: string): Promise<void> {
      if (session) return;
      const s: Session = {
        worldId,
        phase: 'starting',
        mic: null,
        socket: null,
        levels: [],
        lastLevelAt: -Infinity,
        interim: '',
        finalTimer: undefined,
      };
      session = s;
      let mic: MicrophoneCapture;
      try {
        mic = await openMicrophone(deps.microphone, {
          sampleRate: AUDIO_SAMPLE_RATE,
          chunkSamples: AUDIO_BUFFER_SAMPLES,
        });
      } catch (e) {
        fail(s, microphoneErrorText(e));
        return;
      }
      if (session !== s) {
        mic.stop(); // stopped or cancelled while the permission prompt was up
        return;
      }
      s.mic = mic;
      const socket = new AudioSocket(
        {
          WebSocketImpl: deps.WebSocketImpl,
          setTimeout,
          clearTimeout,
          connectTimeoutMs: deps.connectTimeoutMs ?? DICTATION_CONNECT_TIMEOUT_MS,
        },
        {
          onOpen: () => opened(s),
          onReply: (reply) => {
            if ('error' in reply) fail(s, reply.error || AUDIO_ERRORS.unavailable);
            else if (reply.isFinal) final(s, reply.text);
            else interim(s, reply.text);
          },
          onInvalid: (reason) => fail(s, reason),
          onClose: (info) => closed(s, info),
        },
      );
      s.socket = socket;
      socket.open(deps.urlFor(worldId));
    }

    function opened(s: Session): void {
      if (session !== s || !s.mic) return;
      s.phase = 'recording';
      api.dispatch(dictationRecordingStarted());
      s.mic.start({
        onChunk: (chunk) => chunkCaptured(s, chunk),
        onEnded: () => fail(s, t(MIC_ERRORS.ended)),
      });
    }

    function chunkCaptured(s: Session, chunk: PcmChunk): void {
      if (session !== s || s.phase !== 'recording') return;
      s.socket?.sendChunk(chunk.pcm);
      s.levels.push(chunk.rms);
      if (s.levels.length > METER_BARS) s.levels.shift();
      const now = deps.now();
      if (now - s.lastLevelAt >= levelIntervalMs) {
        s.lastLevelAt = now;
        api.dispatch(dictationLevelMeasured({ bars: meterBars(s.levels) }));
      }
    }

    function interim(s: Session, text: string): void {
      if (session !== s || text === s.interim) return;
      s.interim = text;
      api.dispatch(dictationInterimReceived({ text }));
    }

    function final(s: Session, text: string): void {
      if (session !== s) return;
      s.interim = '';
      api.dispatch(dictationFinalReceived({ text }));
      // While recording the socket may carry the next utterance; after the end marker this was the last.
      if (s.phase === 'stopping') finish(s);
    }

    function closed(s: Session, info: CloseInfo): void {
      if (session !== s) return;
      // The server's own reason (e.g. not signed in) says more than ours; a timeout says less.
      const reason = info.code === CONNECT_TIMEOUT_CODE ? '' : info.reason;
      fail(
        s,
        reason || t(s.phase === 'starting' ? DICTATION_ERRORS.connect : DICTATION_ERRORS.lost),
      );
      // Signed out (elsewhere, or the session ended): the same handling as a 401 or
      // the cog socket's 4401. A 4403 is the cog socket's to show: it closes too.
      if (info.code === CLOSE_NOT_SIGNED_IN) api.dispatch(authenticationFailed());
    }

    function stop(): void {
      const s = session;
      if (!s) return;
      if (s.phase === 'starting') {
        finish(s); // nothing was recorded yet
        return;
      }
      if (s.phase !== 'recording') return;
      s.phase = 'stopping';
      s.mic?.stop();
      if (!s.socket?.sendEnd()) {
        fail(s, t(DICTATION_ERRORS.lost));
        return;
      }
      s.finalTimer = setTimeout(() => {
        s.finalTimer = undefined;
        fail(s, t(DICTATION_ERRORS.noFinal));
      }, finalTimeoutMs);
    }

    function cancel(): void {
      if (session) release(session);
    }

    return (next) => (action) => {
      const result = next(action);
      if (dictationStartRequested.match(action)) void start(action.payload.worldId);
      else if (dictationStopRequested.match(action)) stop();
      else if (dictationCancelled.match(action)) cancel();
      return result;
    };
  };
}
