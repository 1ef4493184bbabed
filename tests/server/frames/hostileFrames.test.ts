import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, MAX_FRAME_DEPTH, MAX_FRAME_VALUES } from '../../../protocol';
import {
  Client,
  openSocket,
  startTestServer,
  storeLocation,
  type TestServer,
  type TestSocket,
} from '../harness';
import { consoleGets } from '../consoleGets';
import {
  fakeTranscriptionServer,
  openAudioSocket,
  pcm44k,
  type FakeTranscription,
} from '../dictation/helpers';
import {
  ECHO,
  ECHO_COMMAND_ID,
  WORLD,
  appToken,
  connectRawApp,
  longestStall,
  type RawSocket,
} from './sockets';
import { withStoreDatabase } from '../../support/storeDatabase';

/** `{"a":{"a":…1…}}`, `levels` objects deep: 10,000 levels is 60 kB. */
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** An object of short distinct keys whose JSON is about `bytes` long. */
function manyKeys(bytes: number): string {
  const keys: string[] = [];
  let length = 2;
  for (let i = 0; length < bytes; i++) {
    const key = `"${i.toString(36)}":0`;
    keys.push(key);
    length += key.length + 1;
  }
  return `{${keys.join(',')}}`;
}
/** Just under ws's 16 MiB maxPayload (server/app.ts): the largest message that reaches the server. */
const NEAR_WS_LIMIT = 16 * 1024 * 1024 - 1024;
/** How long the loop may be held by one hostile frame, with room for a loaded machine. */
const STALL_BUDGET_MS = 500;

const tone = (seconds: number) =>
  pcm44k(seconds, (i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 44100));

let server: TestServer;
let fake: FakeTranscription;
let admin: Client;
let app: RawSocket;
const uncaught: unknown[] = [];
const recordUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  process.on('uncaughtExceptionMonitor', recordUncaught);
  fake = await fakeTranscriptionServer(() => ({ status: 200, body: { text: 'hello there' } }));
  server = await startTestServer({ STT_BASE_URL: fake.baseUrl, STT_MODEL: 'whisper-test' });
  admin = new Client(server.url);
  await admin.signIn();
  app = await connectRawApp(server, 'echo-app', await appToken(server, 'echo-app'));
});
afterAll(async () => {
  process.off('uncaughtExceptionMonitor', recordUncaught);
  app?.ws.close();
  await server?.close();
  await fake?.close();
});
afterEach(async () => {
  // The process and the server are still up after every test.
  expect(uncaught).toEqual([]);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
});

async function browser(): Promise<TestSocket> {
  const sock = openSocket(server, admin, WORLD);
  await sock.next('server.hello');
  return sock;
}

let nextRequest = 1;
/** A browser's cog.call of the raw app's echo cog: proves the app still serves calls. */
async function callEcho(sock: TestSocket, kvargs: object): Promise<any> {
  const requestid = `call-${nextRequest++}`;
  sock.send({
    typ: 'cog.call',
    content: { appname: 'echo-app', ...ECHO, kvargs },
    requestid,
  });
  const reply = await sock.next('cog.call.response');
  expect(reply.request_id).toBe(requestid);
  return reply.content;
}

/** Sends raw text on the app socket and returns the server.error it is answered with. */
async function appRefusal(text: string): Promise<any> {
  const from = app.frames.length;
  app.ws.send(text);
  return app.waitFor((f) => f.typ === 'server.error', from);
}

describe('a frame nested 10,000 deep', () => {
  it('on an app socket: an error frame, and the app goes on serving calls and events', async () => {
    const deep = `{"typ":"cog.event","content":{"name":"deep","data":${deepObject(10_000)}},"requestid":"e1"}`;
    expect(deep.length).toBeGreaterThan(60_000);
    const refused = await appRefusal(deep);
    // Read off the raw text, so the answer still names the frame it refuses.
    expect(refused.content).toEqual({
      error: `Frame nested deeper than ${MAX_FRAME_DEPTH} levels`,
      typ: 'cog.event',
    });
    expect(refused.request_id).toBe('e1');
    // With a message it would have been relayed to the browsers; as an array, or in cog.hello.
    for (const text of [
      `{"typ":"cog.event","content":{"name":"deep","message":"m","data":${deepArray(10_000)}}}`,
      `{"typ":"cog.hello","content":{"appName":"echo-app","cogs":${deepArray(100_000)}}}`,
      `{"typ":"cog.call.response","content":{"status":"success","result":${deepObject(65)}}}`,
    ])
      expect((await appRefusal(text)).content.error).toBe('Frame nested deeper than 64 levels');
    expect(app.ws.readyState).toBe(app.ws.OPEN);
    await consoleGets(server, WORLD, {
      app_name: 'echo-app',
      from: 'app.warning',
      message: 'Refused frame cog.event from app echo-app: Frame nested deeper than 64 levels',
    });

    const sock = await browser();
    expect(await callEcho(sock, { n: 1 })).toMatchObject({
      status: 'success',
      result: { echoed: { n: 1 } },
    });
    // The deepest frame allowed is relayed to the browsers like any event.
    const nested = JSON.parse(deepObject(MAX_FRAME_DEPTH - 3));
    app.ws.send(JSON.stringify({ typ: 'cog.event', content: { name: 'nested', data: nested } }));
    const event = await sock.next('cog.event');
    expect(event.content).toMatchObject({ appName: 'echo-app', name: 'nested', data: nested });
    sock.ws.close();
  });

  it("as an app's answer to a call: the call fails at once with the reason, not at its timeout", async () => {
    const sock = await browser();
    const started = Date.now();
    const answer = await callEcho(sock, { deep: 10_000 });
    expect(answer).toMatchObject({
      status: 'error',
      error: 'App "echo-app" answered with a refused frame: Frame nested deeper than 64 levels',
    });
    expect(Date.now() - started).toBeLessThan(5000); // the call timeout is 30 s
    expect(await callEcho(sock, { n: 3 })).toMatchObject({ result: { echoed: { n: 3 } } });
    sock.ws.close();
  });

  it('on a browser socket: an error frame, and the session goes on', async () => {
    const sock = await browser();
    sock.send(`{"typ":"scontext.set","content":{"key":"k","value":${deepObject(10_000)}}}`);
    expect((await sock.next('server.error')).content).toEqual({
      error: 'Frame nested deeper than 64 levels',
      typ: 'scontext.set',
    });
    expect(await callEcho(sock, { n: 2 })).toMatchObject({ result: { echoed: { n: 2 } } });
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
    sock.ws.close();
  });

  it('on the audio socket: an error reply, and the next utterance is recognised', async () => {
    const sock = openAudioSocket(server, admin);
    await sock.opened;
    sock.ws.send(deepObject(10_000));
    expect(await sock.next()).toEqual({
      error:
        'Text frame larger than 1024 bytes; expected binary 16-bit PCM audio or {"type":"end"}',
    });
    sock.ws.send(deepArray(20));
    expect(await sock.next()).toEqual({
      error:
        'Text frame nested deeper than 8 levels; expected binary 16-bit PCM audio or {"type":"end"}',
    });
    await sock.sendAudio(tone(0.3));
    sock.end();
    expect(await sock.next()).toEqual({ text: 'hello there', isFinal: true });
    sock.ws.close();
  });
});

describe('frames of many keys', () => {
  it('over 1 MiB (up to the 16 MiB ws limit) are refused unread on every socket', async () => {
    const huge = `{"typ":"cog.event","content":{"name":"big","data":${manyKeys(NEAR_WS_LIMIT - 100)}}}`;
    expect(huge.length).toBeGreaterThan(NEAR_WS_LIMIT - 200);
    expect(huge.length).toBeLessThan(NEAR_WS_LIMIT);
    const tooBig = `Frame larger than ${MAX_FRAME_BYTES} bytes`;

    let refused: any;
    const appStall = await longestStall(async () => (refused = await appRefusal(huge)));
    expect(refused.content).toEqual({ error: tooBig });

    const sock = await browser();
    const browserStall = await longestStall(async () => {
      sock.send(huge);
      refused = await sock.next('server.error');
    });
    expect(refused.content).toEqual({ error: tooBig });

    const audio = openAudioSocket(server, admin);
    await audio.opened;
    const audioStall = await longestStall(async () => {
      audio.ws.send(huge);
      refused = await audio.next();
    });
    expect(refused.error).toMatch(/^Text frame larger than 1024 bytes; /);

    // Receiving and unmasking 16 MiB is ws's work and takes a few tens of ms; parsing
    // 16 MiB of keys (what the audio socket did) held the loop for seconds.
    expect(Math.max(appStall, browserStall, audioStall)).toBeLessThan(STALL_BUDGET_MS);
    expect(await callEcho(sock, { n: 3 })).toMatchObject({ result: { echoed: { n: 3 } } });
    sock.ws.close();
    audio.ws.close();
  });

  it(`under 1 MiB but over ${MAX_FRAME_VALUES} keys are refused before parsing`, async () => {
    const keys = manyKeys(MAX_FRAME_BYTES - 200);
    const text = `{"typ":"cog.event","content":{"name":"keys","data":${keys}}}`;
    expect(text.length).toBeLessThan(MAX_FRAME_BYTES);
    let refused: any;
    const stall = await longestStall(async () => (refused = await appRefusal(text)));
    expect(refused.content).toEqual({
      error: 'Frame has more than 100000 keys and array elements',
      typ: 'cog.event',
    });
    expect(stall).toBeLessThan(STALL_BUDGET_MS);
  });
});

describe('a handler that throws', () => {
  // A real store failure: the database refuses console entries that carry the marker.
  const refusing: Record<'sqlite' | 'postgres', [create: string, drop: string]> = {
    sqlite: [
      `CREATE TRIGGER console_full BEFORE INSERT ON console_messages
        WHEN NEW.message LIKE '%[disk-full]%'
        BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`,
      'DROP TRIGGER console_full',
    ],
    postgres: [
      `CREATE FUNCTION console_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.message LIKE '%[disk-full]%' THEN RAISE EXCEPTION 'database or disk is full'; END IF;
          RETURN NEW;
        END $$;
       CREATE TRIGGER console_full BEFORE INSERT ON console_messages
         FOR EACH ROW EXECUTE FUNCTION console_full()`,
      'DROP TRIGGER console_full ON console_messages; DROP FUNCTION console_full()',
    ],
  };
  beforeAll(() =>
    withStoreDatabase(storeLocation(server.dataDir), (db) => db.exec(refusing[db.dialect][0])),
  );
  afterAll(() =>
    withStoreDatabase(storeLocation(server.dataDir), (db) => db.exec(refusing[db.dialect][1])),
  );

  it('on an app socket: server.error with the typ and the request id', async () => {
    app.ws.send(
      JSON.stringify({
        typ: 'cog.event',
        content: { name: 'e', message: '[disk-full]' },
        requestid: 'event-1',
      }),
    );
    const error = await app.waitFor((f) => f.typ === 'server.error' && f.request_id === 'event-1');
    expect(error.content).toEqual({ error: 'database or disk is full', typ: 'cog.event' });
    await consoleGets(server, WORLD, {
      app_name: 'echo-app',
      from: 'app.warning',
      message: 'cog.event from app echo-app failed: database or disk is full',
    });
    const sock = await browser();
    expect(await callEcho(sock, { n: 4 })).toMatchObject({ result: { echoed: { n: 4 } } });
    sock.ws.close();
  });

  it('on a browser socket, sync or async: server.error with the typ and the request id', async () => {
    const sock = await browser();
    // Synchronous: the browser's cog.hello is refused with a console entry naming the app.
    sock.send({
      typ: 'cog.hello',
      content: { appName: '[disk-full]', cogs: [] },
      requestid: 'hello-1',
    });
    expect(await sock.next('server.error')).toMatchObject({
      request_id: 'hello-1',
      content: { error: 'database or disk is full', typ: 'cog.hello' },
    });
    // Asynchronous: a command whose app fails is logged to the console after an await.
    sock.send({
      typ: 'command.execute',
      content: {
        commandId: `echo-app/${ECHO_COMMAND_ID}`,
        args: { fail: '[disk-full] echo failed' },
      },
      requestid: 'command-1',
    });
    expect(await sock.next('server.error')).toMatchObject({
      request_id: 'command-1',
      content: { error: 'database or disk is full', typ: 'command.execute' },
    });
    expect(await callEcho(sock, { n: 5 })).toMatchObject({ result: { echoed: { n: 5 } } });
    sock.ws.close();
  });
});
