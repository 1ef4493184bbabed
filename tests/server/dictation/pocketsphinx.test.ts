import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_SAMPLE_RATE } from '../../../protocol';
import { Client, startTestServer, type TestServer } from '../harness';
import {
  TEST_DATA,
  noise,
  openAudioSocket,
  pcm44k,
  pocketsphinxMissing,
  recogniserPids,
  until,
  upsampleTo44k,
} from './helpers';

const missing = pocketsphinxMissing();
if (missing) console.warn(`Skipping the pocketsphinx dictation tests: ${missing}`);

describe.skipIf(missing !== undefined)('dictation with pocketsphinx over /ws/audio', () => {
  let server: TestServer;
  let admin: Client;
  let goForward: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    expect(server.speech?.name).toBe('pocketsphinx');
    admin = new Client(server.url);
    await admin.signIn();
    goForward = await upsampleTo44k(fs.readFileSync(`${TEST_DATA}/goforward.raw`));
  });
  afterAll(() => server?.close());

  it('recognises a real recording streamed at 44.1 kHz in 2048-sample chunks', async () => {
    const sock = openAudioSocket(server, admin);
    await sock.sendAudio(goForward);
    sock.end();
    const final = await sock.closing();
    expect(final).toEqual({
      text: expect.stringContaining('go forward ten meters'),
      isFinal: true,
    });
    // Every reply before it is a hint.
    for (const r of sock.replies.slice(0, -1)) expect(r).toMatchObject({ isFinal: false });
    await until(() => recogniserPids().length === 0, 5000, 'the recogniser to exit');

    // The same socket takes the next utterance.
    await sock.sendAudio(goForward);
    sock.end();
    expect((await sock.closing()).text).toContain('go forward ten meters');
    sock.ws.close();
  });

  it('answers short utterances ended while the model is still loading, one after another', async () => {
    const sock = openAudioSocket(server, admin);
    for (let i = 0; i < 4; i++) {
      await sock.sendAudio(goForward.subarray(0, Math.round(AUDIO_SAMPLE_RATE * 0.8) * 2));
      sock.end();
      expect(await sock.closing(10_000)).toMatchObject({ isFinal: true });
    }
    sock.ws.close();
  });

  it('answers silence with an empty final text', async () => {
    const sock = openAudioSocket(server, admin, 'innovation-lab', '/api/ws/audio');
    await sock.sendAudio(pcm44k(2, () => 0));
    sock.end();
    expect(await sock.closing()).toEqual({ text: '', isFinal: true });
    sock.ws.close();
  });

  it('stops ten minutes of noise at the utterance limit and keeps nothing of it', async () => {
    const sock = openAudioSocket(server, admin);
    const second = pcm44k(1, noise(4000));
    await sock.opened;
    let sent = 0;
    // Ten minutes as fast as the socket takes it, one second (22 chunks) at a time.
    for (let s = 0; s < 600; s++) {
      await sock.sendAudio(second);
      sent += second.length;
      if (s % 60 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(sent).toBe(600 * AUDIO_SAMPLE_RATE * 2);
    const reply = await sock.closing();
    expect(reply).toEqual({ error: 'Utterance too long (max 60 s)' });
    await until(() => recogniserPids().length === 0, 5000, 'the recogniser to be killed');
    sock.end();
    // The rest of the noise was dropped: nothing follows the error (hints may precede it).
    await new Promise((r) => setTimeout(r, 300));
    expect(sock.replies.at(-1)).toEqual({ error: 'Utterance too long (max 60 s)' });
    expect(sock.replies.filter((r) => r.error !== undefined || r.isFinal)).toHaveLength(1);
    sock.ws.close();
  });

  it('kills the recogniser when the client vanishes mid-utterance (no zombie left)', async () => {
    const sock = openAudioSocket(server, admin);
    await sock.sendAudio(goForward.subarray(0, AUDIO_SAMPLE_RATE * 2)); // one second, no end
    await until(() => recogniserPids().length === 1, 5000, 'the recogniser to start');
    const [pid] = recogniserPids();
    sock.ws.terminate();
    // Gone from the process table altogether: killed and reaped.
    await until(() => !fs.existsSync(`/proc/${pid}`), 5000, `process ${pid} to be reaped`);
  });

  it('stops a recogniser whose client goes quiet', async () => {
    const quiet = await startTestServer({ STT_TIMEOUT_SECONDS: 1 });
    try {
      const client = new Client(quiet.url);
      await client.signIn();
      const sock = openAudioSocket(quiet, client);
      await sock.sendAudio(goForward.subarray(0, AUDIO_SAMPLE_RATE));
      await until(() => recogniserPids().length === 1, 5000, 'the recogniser to start');
      expect(await sock.closing(5000)).toEqual({ error: 'No audio for 1 s; dictation stopped' });
      await until(() => recogniserPids().length === 0, 5000, 'the recogniser to be killed');
      sock.ws.close();
    } finally {
      await quiet.close();
    }
  });
});
