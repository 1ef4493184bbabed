import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password';
import { AUDIO_ERRORS, CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../../protocol';
import { Client, startTestServer, type TestServer } from '../harness';
import {
  fakeTranscriptionServer,
  openAudioSocket,
  pcm44k,
  type FakeTranscription,
} from './helpers';

/** A 440 Hz tone, loud enough to be audio and not silence. */
const tone = (seconds: number) =>
  pcm44k(seconds, (i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 44100));

/**
 * The socket's rules hold whatever the provider; these run against the
 * OpenAI-compatible one and a fake endpoint, so they need no recogniser installed.
 */
describe('/ws/audio admission and bad input', () => {
  let fake: FakeTranscription;
  let server: TestServer;
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

  it('closes with 4401 when not signed in', async () => {
    const sock = openAudioSocket(server, new Client(server.url));
    expect(await sock.closed).toEqual({ code: CLOSE_NOT_SIGNED_IN, reason: 'Not signed in' });
  });

  it('closes with 4403 for an unknown world and for a world the user may not enter', async () => {
    const unknown = openAudioSocket(server, admin, 'no-such-world');
    expect(await unknown.closed).toEqual({
      code: CLOSE_WORLD_FORBIDDEN,
      reason: 'Unknown world "no-such-world"',
    });
    await server.store.users.create({
      email: 'outsider@test.local',
      name: 'Outsider',
      passwordHash: await hashPassword('outsider-password'),
    });
    const outsider = new Client(server.url);
    await outsider.signIn('outsider@test.local', 'outsider-password');
    const sock = openAudioSocket(server, outsider, 'innovation-lab', '/api/ws/audio');
    expect(await sock.closed).toEqual({
      code: CLOSE_WORLD_FORBIDDEN,
      reason: 'You do not have access to world "innovation-lab"',
    });
  });

  it('refuses a chunk that is not whole 16-bit samples, drops that utterance, and goes on', async () => {
    const sock = openAudioSocket(server, admin);
    await sock.sendAudio(tone(0.2));
    sock.ws.send(Buffer.alloc(4095));
    await sock.sendAudio(tone(0.2)); // still the dropped utterance: ignored
    expect(await sock.next()).toEqual({
      error: 'Audio chunk of 4095 bytes is not whole 16-bit samples; utterance dropped',
    });
    sock.end();
    // The next utterance is recognised as usual.
    await sock.sendAudio(tone(0.5));
    sock.end();
    expect(await sock.next()).toEqual({ text: 'hello there', isFinal: true });
    expect(sock.replies).toHaveLength(2);
    sock.ws.close();
  });

  it('answers JSON where audio belongs, and garbage, with a clear error', async () => {
    const sock = openAudioSocket(server, admin);
    const uploads = fake.requests.length;
    await sock.opened;
    sock.ws.send(JSON.stringify({ samples: [1, 2, 3] }));
    expect(await sock.next()).toEqual({
      error:
        'Expected binary 16-bit PCM audio or {"type":"end"}, got the text "{\\"samples\\":[1,2,3]}"',
    });
    sock.ws.send('not json at all');
    expect((await sock.next()).error).toMatch(
      /^Expected binary 16-bit PCM audio .*"not json at all"$/,
    );
    // In the middle of an utterance it is dropped with it.
    await sock.sendAudio(tone(0.2));
    sock.ws.send(JSON.stringify({ type: 'stop' }));
    expect((await sock.next()).error).toMatch(/"type\\":\\"stop.*; utterance dropped$/);
    sock.end();
    sock.end(); // an end with nothing said
    expect(await sock.next()).toEqual({ text: '', isFinal: true });
    expect(fake.requests).toHaveLength(uploads); // the dropped utterance never reached the provider
    sock.ws.close();
  });

  it('allows each user STT_MAX_CONCURRENT recognitions at once', async () => {
    const socks = [1, 2, 3].map(() => openAudioSocket(server, admin));
    await socks[0]!.sendAudio(tone(0.1));
    await socks[1]!.sendAudio(tone(0.1));
    await new Promise((r) => setTimeout(r, 100));
    await socks[2]!.sendAudio(tone(0.1));
    expect(await socks[2]!.next()).toEqual({
      error: 'Too many dictations at once (max 2 per user)',
    });
    // Once one of them ends, the user may start another.
    socks[0]!.end();
    expect(await socks[0]!.next()).toEqual({ text: 'hello there', isFinal: true });
    socks[2]!.end();
    await socks[2]!.sendAudio(tone(0.1));
    socks[2]!.end();
    expect(await socks[2]!.next()).toEqual({ text: 'hello there', isFinal: true });
    socks.forEach((s) => s.ws.close());
  });
});

describe('/ws/audio without a recogniser', () => {
  it('says speech recognition is not available and closes politely', async () => {
    const server = await startTestServer({
      POCKETSPHINX_BIN: '/nonexistent/pocketsphinx_continuous',
    });
    try {
      expect(server.speech).toBeNull();
      const admin = new Client(server.url);
      await admin.signIn();
      const sock = openAudioSocket(server, admin);
      await sock.sendAudio(tone(0.1));
      expect(await sock.next()).toEqual({ error: AUDIO_ERRORS.unavailable });
      expect((await sock.closed).code).toBe(1000);
      expect(sock.replies).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
