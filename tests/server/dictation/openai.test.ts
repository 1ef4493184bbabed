import { afterEach, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../harness';
import {
  fakeTranscriptionServer,
  openAudioSocket,
  pcm44k,
  type FakeTranscription,
} from './helpers';

let fake: FakeTranscription | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  await fake?.close();
  server = fake = undefined;
});

async function dictate(seconds: number) {
  const admin = new Client(server!.url);
  await admin.signIn();
  const sock = openAudioSocket(server!, admin);
  await sock.sendAudio(pcm44k(seconds, (i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 44100)));
  sock.end();
  const reply = await sock.closing();
  sock.ws.close();
  return reply;
}

describe('dictation through an OpenAI-compatible transcription endpoint', () => {
  it('POSTs the utterance as a 16 kHz WAV with the model and key, and sends back its text', async () => {
    fake = await fakeTranscriptionServer(() => ({
      status: 200,
      body: { text: ' Go forward ten meters. ' },
    }));
    server = await startTestServer({
      STT_BASE_URL: `${fake.baseUrl}/`,
      STT_MODEL: 'whisper-test',
      STT_API_KEY: 'sk-test',
    });
    expect(server.speech?.name).toBe('openai-compatible');
    expect(await dictate(1.5)).toEqual({ text: 'Go forward ten meters.', isFinal: true });

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.path).toBe('/v1/audio/transcriptions');
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req!.form.get('model')).toBe('whisper-test');
    const file = req!.form.get('file') as File;
    expect(file.name).toBe('utterance.wav');
    const wav = Buffer.from(await file.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    const samples = wav.readUInt32LE(40) / 2;
    expect(wav.length).toBe(44 + samples * 2);
    // 1.5 s of audio, give or take the filter's delay and the 20 ms flush.
    expect(samples).toBeGreaterThan(1.5 * 16000 - 200);
    expect(samples).toBeLessThan(1.5 * 16000 + 500);
    // The 440 Hz tone survived resampling: about 8000 peak.
    let peak = 0;
    for (let i = 44 + 2000; i < wav.length - 2000; i += 2)
      peak = Math.max(peak, wav.readInt16LE(i));
    expect(peak).toBeGreaterThan(7700);
    expect(peak).toBeLessThan(8300);
  });

  it("turns the provider's failure into an error reply with its message", async () => {
    fake = await fakeTranscriptionServer(() => ({
      status: 500,
      body: { error: { message: 'The model is overloaded', type: 'server_error' } },
    }));
    server = await startTestServer({ STT_BASE_URL: fake.baseUrl, STT_MODEL: 'whisper-test' });
    expect(await dictate(0.5)).toEqual({
      error: 'Speech-to-text service error (HTTP 500): The model is overloaded',
    });
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('says when the provider cannot be reached', async () => {
    fake = await fakeTranscriptionServer(() => ({ status: 200, body: { text: 'x' } }));
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = undefined;
    server = await startTestServer({ STT_BASE_URL: baseUrl, STT_MODEL: 'whisper-test' });
    expect((await dictate(0.2)).error).toMatch(
      /^Speech-to-text service unreachable: .*ECONNREFUSED/,
    );
  });

  it('bounds the audio it holds for the upload', async () => {
    fake = await fakeTranscriptionServer(() => ({ status: 200, body: { text: 'x' } }));
    server = await startTestServer({
      STT_BASE_URL: fake.baseUrl,
      STT_MODEL: 'whisper-test',
      STT_MAX_BUFFER_BYTES: 64 * 1024,
    });
    expect(await dictate(3)).toEqual({
      error: 'Too much audio waiting for the recogniser (over 65536 bytes); utterance dropped',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
