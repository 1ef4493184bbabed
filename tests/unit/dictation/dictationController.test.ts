import { describe, expect, it } from 'vitest';
import { AUDIO_ERRORS } from '../../../protocol/audio';
import { authenticationFailed } from '../../../src/features/auth/authActions';
import {
  DICTATION_ERRORS,
  DICTATION_FINAL_TIMEOUT_MS,
} from '../../../src/features/dictation/dictationMiddleware';
import {
  dictationCancelled,
  dictationFailed,
  dictationFinalReceived,
  dictationLevelMeasured,
  dictationStartRequested,
  dictationStopRequested,
} from '../../../src/features/dictation/dictationSlice';
import { MIC_ERRORS } from '../../../src/features/dictation/microphone';
import { floatToPcm16 } from '../../../src/features/dictation/pcm';
import { fakeMicrophone, makeDictationStore, settle, tone } from './fakeAudio';

async function recordingSession(mic = fakeMicrophone()) {
  const t = makeDictationStore(mic);
  t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
  await settle();
  const socket = t.audio.last();
  socket.serverOpen();
  return { ...t, socket };
}

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('dictation controller: recording', () => {
  it('asks for a mono microphone without gain control at 44.1 kHz, loads the worklet and opens /ws/audio for the world', async () => {
    const t = makeDictationStore();
    t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
    expect(t.store.getState().dictation.status).toBe('starting');
    await settle();
    expect(t.mic.constraints).toEqual([
      {
        audio: {
          channelCount: 1,
          echoCancellation: true,
          noiseSuppression: true,
          autoGainControl: false,
        },
      },
    ]);
    expect(t.mic.contexts[0]!.options.sampleRate).toBe(44100);
    expect(t.mic.contexts[0]!.modules).toEqual(['/assets/pcmWorklet.js']);
    expect(t.mic.node!.options.processorOptions).toEqual({ chunkSamples: 2048 });
    const socket = t.audio.last();
    expect(socket.url).toBe('ws://emgen.test/ws/audio?worldId=acme&browser=b-test');
    expect(socket.binaryType).toBe('arraybuffer');
    // Nothing is captured until the socket is open.
    expect(t.mic.capturing).toBe(false);
    socket.serverOpen();
    expect(t.mic.capturing).toBe(true);
    expect(t.store.getState().dictation.status).toBe('recording');
    expect(t.types()).toEqual([
      'dictation/dictationStartRequested',
      'dictation/dictationRecordingStarted',
    ]);
  });

  it('sends each 2048-sample chunk as one binary frame of 16-bit LE PCM', async () => {
    const { mic, socket } = await recordingSession();
    const samples = tone(2048 * 3, 0.3);
    mic.speak(samples);
    const frames = socket.binaryFrames();
    expect(frames).toHaveLength(3);
    expect(frames.every((f) => f.byteLength === 4096)).toBe(true);
    expect(new Uint8Array(frames[1]!)).toEqual(
      new Uint8Array(floatToPcm16(samples.subarray(2048, 4096))),
    );
    expect(socket.textFrames()).toEqual([]);
  });

  it('measures the level at most every 100 ms, bars within 4..24 and following the input', async () => {
    const t = await recordingSession();
    t.mic.speak(tone(2048 * 10, 0.5)); // ten chunks at one instant
    let levels = t.actions.filter(dictationLevelMeasured.match);
    expect(levels).toHaveLength(1);
    t.advanceClock(99);
    t.mic.speak(tone(2048, 0.5));
    expect(t.actions.filter(dictationLevelMeasured.match)).toHaveLength(1);
    t.advanceClock(1);
    t.mic.speak(tone(2048, 0.5));
    levels = t.actions.filter(dictationLevelMeasured.match);
    expect(levels).toHaveLength(2);
    const loud = levels[1]!.payload.bars;
    expect(loud).toHaveLength(5);
    for (const h of loud) expect(h).toBeGreaterThan(4);
    t.advanceClock(100);
    t.mic.speak(new Float32Array(2048 * 4)); // silence: four chunks at one instant…
    t.advanceClock(100);
    t.mic.speak(new Float32Array(2048)); // …and the fifth 100 ms later
    const quiet = t.actions.filter(dictationLevelMeasured.match).at(-1)!.payload.bars;
    expect(quiet).toEqual([4, 4, 4, 4, 4]);
    for (const a of t.actions.filter(dictationLevelMeasured.match)) {
      for (const h of a.payload.bars) {
        expect(h).toBeGreaterThanOrEqual(4);
        expect(h).toBeLessThanOrEqual(24);
      }
    }
    expect(t.store.getState().dictation.bars).toEqual(quiet);
  });

  it('passes interim text on once per change', async () => {
    const t = await recordingSession();
    t.socket.serverSend({ text: 'go', isFinal: false });
    t.socket.serverSend({ text: 'go', isFinal: false });
    t.socket.serverSend({ text: 'go forward', isFinal: false });
    expect(t.types().filter((x) => x === 'dictation/dictationInterimReceived')).toHaveLength(2);
    expect(t.store.getState().dictation.interim).toBe('go forward');
  });

  it('keeps audio out of actions and state: every dictation action is plain JSON', async () => {
    const t = await recordingSession();
    t.mic.speak(tone(2048 * 4, 0.2));
    t.store.dispatch(dictationStopRequested());
    t.socket.serverSend({ text: 'go forward ten meters', isFinal: true });
    for (const a of t.actions.filter((x) => x.type.startsWith('dictation/'))) {
      expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    }
    expect(JSON.parse(JSON.stringify(t.store.getState().dictation))).toEqual(
      t.store.getState().dictation,
    );
  });
});

describe('dictation controller: stopping', () => {
  it('releases the microphone, sends {"type":"end"}, then reports the final text and closes', async () => {
    const t = await recordingSession();
    t.mic.speak(tone(2048 * 2, 0.3));
    t.store.dispatch(dictationStopRequested());
    expect(t.store.getState().dictation.status).toBe('stopping');
    expect(t.socket.sent.at(-1)).toBe('{"type":"end"}');
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
    expect(t.mic.contexts[0]!.closed).toBe(true);
    // Late chunks from the audio thread are not sent after the end marker.
    t.mic.speak(tone(2048, 0.3));
    expect(t.socket.binaryFrames()).toHaveLength(2);
    expect(t.socket.closeCalls).toEqual([]);

    t.socket.serverSend({ text: 'go forward ten meters', isFinal: true });
    expect(t.actions.find(dictationFinalReceived.match)?.payload).toEqual({
      text: 'go forward ten meters',
    });
    expect(t.types().slice(-2)).toEqual([
      'dictation/dictationFinalReceived',
      'dictation/dictationStopped',
    ]);
    expect(t.socket.closeCalls).toHaveLength(1);
    expect(t.socket.closeCalls[0]!.code).toBe(1000);
    expect(t.store.getState().dictation.status).toBe('idle');
    expect(t.timers.pending()).toEqual([]);
  });

  it('gives up waiting for the final text after 5 s with a clear error', async () => {
    const t = await recordingSession();
    t.store.dispatch(dictationStopRequested());
    expect(t.timers.pending()).toContain(DICTATION_FINAL_TIMEOUT_MS);
    t.timers.fire(DICTATION_FINAL_TIMEOUT_MS);
    expect(t.actions.find(dictationFailed.match)?.payload.error).toBe(DICTATION_ERRORS.noFinal);
    expect(t.store.getState().flash.current).toMatchObject({
      text: DICTATION_ERRORS.noFinal,
      severity: 'error',
    });
    expect(t.socket.closeCalls).toHaveLength(1);
    expect(t.actions.some(dictationFinalReceived.match)).toBe(false);
  });

  it('stopping before the microphone is granted releases it and opens no socket', async () => {
    const t = makeDictationStore();
    t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
    t.store.dispatch(dictationStopRequested());
    await settle();
    expect(t.audio.instances).toHaveLength(0);
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
    expect(t.store.getState().dictation.status).toBe('idle');
    expect(t.types().at(-1)).toBe('dictation/dictationStopped');
  });

  it('a cancel (the page went away) tears everything down without waiting', async () => {
    const t = await recordingSession();
    t.store.dispatch(dictationCancelled());
    expect(t.socket.closeCalls).toHaveLength(1);
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
    t.socket.serverSend({ text: 'late', isFinal: true });
    expect(t.actions.some(dictationFinalReceived.match)).toBe(false);
    expect(t.store.getState().dictation.status).toBe('idle');
  });

  it('a new session can start after the last one ended', async () => {
    const t = await recordingSession();
    t.store.dispatch(dictationStopRequested());
    t.socket.serverSend({ text: 'one', isFinal: true });
    t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
    await settle();
    expect(t.audio.instances).toHaveLength(2);
    t.audio.last().serverOpen();
    expect(t.store.getState().dictation.status).toBe('recording');
  });
});

describe('dictation controller: errors', () => {
  const failure = async (mic: ReturnType<typeof fakeMicrophone>) => {
    const t = makeDictationStore(mic);
    t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
    await settle();
    return t;
  };

  it.each([
    ['NotAllowedError', MIC_ERRORS.denied],
    ['SecurityError', MIC_ERRORS.denied],
    ['NotFoundError', MIC_ERRORS.noDevice],
    ['OverconstrainedError', MIC_ERRORS.noDevice],
    ['NotReadableError', MIC_ERRORS.busy],
  ])('getUserMedia %s → %s, flashed, no socket', async (name, text) => {
    const t = await failure(fakeMicrophone({ error: domError(name) }));
    expect(t.actions.find(dictationFailed.match)?.payload).toEqual({ error: text });
    expect(t.store.getState().dictation).toMatchObject({ status: 'error', error: text });
    expect(t.store.getState().flash.current).toMatchObject({ text, severity: 'error' });
    expect(t.audio.instances).toHaveLength(0);
  });

  it('without mediaDevices (plain http) says that https is needed', async () => {
    const t = await failure(fakeMicrophone({ noMediaDevices: true }));
    expect(t.store.getState().dictation.error).toBe(MIC_ERRORS.insecure);
  });

  it('refuses a context that cannot run at 44.1 kHz, releasing the microphone', async () => {
    const mic = fakeMicrophone({ sampleRate: 48000 });
    const t = await failure(mic);
    expect(t.store.getState().dictation.error).toBe(MIC_ERRORS.sampleRate);
    expect(mic.tracks.every((tr) => tr.stopped)).toBe(true);
    expect(mic.contexts[0]!.closed).toBe(true);
  });

  it("the server's {error} (recogniser unavailable) ends the session with that text", async () => {
    const t = await recordingSession();
    t.socket.serverSend({ error: AUDIO_ERRORS.unavailable });
    expect(t.store.getState().dictation).toMatchObject({
      status: 'error',
      error: AUDIO_ERRORS.unavailable,
    });
    expect(t.store.getState().flash.current?.text).toBe(AUDIO_ERRORS.unavailable);
    expect(t.socket.closeCalls).toHaveLength(1);
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
  });

  it('a socket that fails to open says it could not connect', async () => {
    const t = makeDictationStore();
    t.store.dispatch(dictationStartRequested({ worldId: 'acme' }));
    await settle();
    t.audio.last().serverClose(1006);
    expect(t.store.getState().dictation.error).toBe(DICTATION_ERRORS.connect);
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
  });

  it('a socket lost while recording says so; a close reason from the server is shown', async () => {
    const a = await recordingSession();
    a.socket.serverClose(1006);
    expect(a.store.getState().dictation.error).toBe(DICTATION_ERRORS.lost);
    const b = await recordingSession();
    b.socket.serverClose(4403, 'World forbidden');
    expect(b.store.getState().dictation.error).toBe('World forbidden');
    // A world closed to the user is the cog socket's to show (it closes too); the session stays.
    expect(b.actions.map((a) => a.type)).not.toContain(authenticationFailed.type);
  });

  it('a 4401 close while recording (signed out elsewhere) is an authentication failure', async () => {
    const t = await recordingSession();
    t.socket.serverClose(4401, 'Not signed in');
    expect(t.store.getState().dictation.error).toBe('Not signed in');
    expect(t.mic.tracks.every((tr) => tr.stopped)).toBe(true);
    expect(t.actions.map((a) => a.type)).toContain(authenticationFailed.type);
    expect(t.store.getState().auth.status).toBe('unauthorized');
  });

  it('a reply that is not AudioReply JSON fails the session instead of crashing', async () => {
    const t = await recordingSession();
    t.socket.serverSend('not json');
    expect(t.store.getState().dictation.status).toBe('error');
    expect(t.socket.closeCalls).toHaveLength(1);
  });

  it('an unplugged microphone ends the session', async () => {
    const t = await recordingSession();
    t.mic.unplug();
    expect(t.store.getState().dictation.error).toBe(MIC_ERRORS.ended);
    expect(t.socket.closeCalls).toHaveLength(1);
  });
});
