import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIO_CONTROL_LIMITS,
  audioControlSchema,
  decodeClientFrame,
  jsonLimitProblem,
} from '../../../protocol';
import { Client, openSocket, startTestServer, type TestServer } from '../harness';
import {
  fakeTranscriptionServer,
  openAudioSocket,
  pcm44k,
  type AudioSocket,
  type FakeTranscription,
} from '../dictation/helpers';
import {
  FUZZ_SEED,
  INVALID_UTF8,
  appFrame,
  audioFrame,
  seededRng,
  type FuzzFrame,
} from './fuzzFrames';
import { ECHO, WORLD, appToken, connectRawApp, type RawSocket } from './sockets';

/** Each run stops at whichever comes first. */
const MAX_FRAMES = 3000;
const MAX_MS = 10_000;
/** Fewer than this and the run proved little (a very slow machine): the test says so. */
const MIN_FRAMES = 200;
const BATCH = 50;
/**
 * The one frame the fuzz sends that may end a connection: text that is not
 * UTF-8 is a WebSocket protocol error, which ws answers by closing with 1007
 * (seen as 1006 when the reset overtakes the close frame while the client is
 * still sending). Anything else closing the socket fails the test.
 */
function expectClosedByInvalidUtf8(code: number, unanswered: FuzzFrame[], seed: number): void {
  const culprit = unanswered.find((f) => f.kind === INVALID_UTF8);
  expect(
    Boolean(culprit) && (code === 1007 || code === 1006),
    `seed ${seed}: closed with ${code}; unanswered: ${unanswered.slice(0, 3).map(describeFrame).join(' | ')}`,
  ).toBe(true);
}

let server: TestServer;
let fake: FakeTranscription;
let admin: Client;

beforeAll(async () => {
  fake = await fakeTranscriptionServer(() => ({ status: 200, body: { text: 'hello there' } }));
  server = await startTestServer({ STT_BASE_URL: fake.baseUrl, STT_MODEL: 'whisper-test' });
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const send = (ws: RawSocket['ws'], frame: FuzzFrame) =>
  ws.send(frame.data, { binary: frame.binary });
const describeFrame = (f: FuzzFrame) =>
  `${f.kind}: ${(typeof f.data === 'string' ? f.data : `<${f.data.length} bytes>`).slice(0, 200)}`;

async function healthy(): Promise<void> {
  const res = await fetch(`${server.url}/api/health`);
  expect(res.status, `seed ${FUZZ_SEED}`).toBe(200);
}

/** Resolves when `check` holds or the socket closed; false means it closed first. */
function settled(sock: { ws: RawSocket['ws'] }, check: () => boolean): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`no answer within 15 s (seed ${FUZZ_SEED})`));
    }, 15_000);
    const poll = setInterval(() => {
      const done = check();
      if (done || sock.ws.readyState === sock.ws.CLOSED) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(done);
      }
    }, 5);
  });
}

describe(`fuzzing the sockets (seed ${FUZZ_SEED}; FUZZ_SEED=<n> to change)`, () => {
  it('an app socket answers every refused frame, stays up and keeps serving', async () => {
    const rng = seededRng(FUZZ_SEED);
    const token = await appToken(server, 'fuzz-app');
    let app = await connectRawApp(server, 'fuzz-app', token);
    const started = Date.now();
    let sent = 0;
    let batchNo = 0;
    while (sent < MAX_FRAMES && Date.now() - started < MAX_MS) {
      batchNo++;
      const from = app.frames.length;
      const frames: FuzzFrame[] = [];
      // Each frame is followed by a probe whose error answer marks where its answers end.
      const probeId = (j: number) => `probe-${batchNo}-${j}`;
      for (let j = 0; j < BATCH; j++) {
        const frame = appFrame(rng, 'fuzz-app');
        frames.push(frame);
        send(app.ws, frame);
        app.ws.send(JSON.stringify({ typ: 'fuzz.probe', requestid: probeId(j) }));
      }
      const last = probeId(BATCH - 1);
      const complete = await settled(app, () =>
        app.frames.slice(from).some((f) => f.request_id === last),
      );
      const answers: any[][] = frames.map(() => []);
      let j = 0;
      for (const f of app.frames.slice(from)) {
        if (f.request_id === probeId(j)) j++;
        else if (j < BATCH) answers[j]!.push(f);
      }
      const answered = complete ? BATCH : j; // frames before the one the socket closed on
      for (let k = 0; k < answered; k++) {
        const frame = frames[k]!;
        const refused = frame.binary || !decodeClientFrame(frame.data as string).ok;
        if (refused)
          expect(
            answers[k]!.some((f) => f.typ === 'server.error'),
            `seed ${FUZZ_SEED}, no error for ${describeFrame(frame)}`,
          ).toBe(true);
      }
      sent += complete ? BATCH : answered + 1;
      if (!complete) {
        const { code } = await app.closed;
        expectClosedByInvalidUtf8(code, frames.slice(answered), FUZZ_SEED);
        app = await connectRawApp(server, 'fuzz-app', token);
      }
      await healthy();
    }
    expect(sent).toBeGreaterThanOrEqual(MIN_FRAMES);

    // Nothing leaked onto Object.prototype, and a well-formed app still works end to end.
    expect(({} as any).polluted).toBeUndefined();
    const sock = openSocket(server, admin, WORLD);
    await sock.next('server.hello');
    sock.send({
      typ: 'cog.call',
      content: { appname: 'fuzz-app', ...ECHO, kvargs: { after: sent } },
      requestid: 'final',
    });
    expect((await sock.next('cog.call.response')).content).toMatchObject({
      status: 'success',
      result: { echoed: { after: sent } },
    });
    app.ws.send(JSON.stringify({ typ: 'cog.event', content: { name: 'done', message: 'ok' } }));
    expect((await sock.next('cog.event')).content).toMatchObject({
      appName: 'fuzz-app',
      name: 'done',
    });
    sock.ws.close();
    app.ws.close();
  }, 60_000);

  it('the audio socket answers every refused frame, stays up and still recognises speech', async () => {
    const rng = seededRng(FUZZ_SEED + 1);
    const isRefused = (f: FuzzFrame): boolean => {
      if (f.binary) return f.data.length % 2 !== 0;
      const text = f.data.toString();
      if (jsonLimitProblem(text, AUDIO_CONTROL_LIMITS)) return true;
      try {
        return !audioControlSchema.safeParse(JSON.parse(text)).success;
      } catch {
        return true;
      }
    };
    let audio: AudioSocket = openAudioSocket(server, admin);
    await audio.opened;
    const started = Date.now();
    let sent = 0;
    let probeNo = 0;
    while (sent < MAX_FRAMES && Date.now() - started < MAX_MS) {
      const from = audio.replies.length;
      // Units of a few frames (so utterances can start and end), each followed by a probe:
      // a text the socket refuses, whose error quotes it and so marks where the unit's answers end.
      const units: { frames: FuzzFrame[]; probe: string }[] = [];
      for (let u = 0; u < BATCH / 2; u++) {
        const frames = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => audioFrame(rng));
        const probe = `<probe ${++probeNo}>`;
        units.push({ frames, probe });
        for (const f of frames) send(audio.ws, f);
        audio.ws.send(probe);
      }
      const isProbe = (reply: any, probe: string) =>
        typeof reply.error === 'string' && reply.error.includes(probe);
      const lastProbe = units.at(-1)!.probe;
      const complete = await settled(audio, () =>
        audio.replies.slice(from).some((r) => isProbe(r, lastProbe)),
      );
      let u = 0;
      const answers: any[][] = units.map(() => []);
      for (const reply of audio.replies.slice(from)) {
        if (u < units.length && isProbe(reply, units[u]!.probe)) u++;
        else if (u < units.length) answers[u]!.push(reply);
      }
      const answered = complete ? units.length : u;
      for (let k = 0; k < answered; k++) {
        const refused = units[k]!.frames.filter(isRefused);
        const errors = answers[k]!.filter((r) => typeof r.error === 'string');
        expect(
          errors.length,
          `seed ${FUZZ_SEED + 1}, unit ${units[k]!.frames.map(describeFrame).join(' | ')} got ${JSON.stringify(answers[k]).slice(0, 500)}`,
        ).toBeGreaterThanOrEqual(refused.length);
      }
      sent += units
        .slice(0, complete ? units.length : answered + 1)
        .reduce((n, x) => n + x.frames.length + 1, 0);
      if (!complete) {
        const { code } = await audio.closed;
        const unanswered = units.slice(answered).flatMap((x) => x.frames);
        expectClosedByInvalidUtf8(code, unanswered, FUZZ_SEED + 1);
        audio = openAudioSocket(server, admin);
        await audio.opened;
      }
      await healthy();
    }
    expect(sent).toBeGreaterThanOrEqual(MIN_FRAMES);
    expect(({} as any).polluted).toBeUndefined();

    // A fresh session is recognised as usual (the fuzzed one may hold both recogniser slots).
    audio.ws.close();
    await audio.closed;
    const clean = openAudioSocket(server, admin);
    await clean.sendAudio(pcm44k(0.3, (i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 44100)));
    clean.end();
    expect(await clean.closing()).toEqual({ text: 'hello there', isFinal: true });
    clean.ws.close();
  }, 60_000);
});
