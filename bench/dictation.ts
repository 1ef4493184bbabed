import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client, startTestServer } from '../tests/server/harness';
import {
  MODEL_DIR,
  TEST_DATA,
  openAudioSocket,
  pocketsphinxMissing,
  upsampleTo44k,
} from '../tests/server/dictation/helpers';
import type { BenchResult } from './report';

/**
 * Dictation accuracy and speed on the recordings with transcripts that the
 * Debian package pocketsphinx-testdata ships: the word error rate through the
 * whole path (16 kHz recording upsampled to the browser's 44.1 kHz, sent in
 * 2048-sample chunks over a real /ws/audio socket of a real server, resampled
 * back to 16 kHz, pocketsphinx) beside pocketsphinx_continuous run directly on
 * the same files. The path must not make recognition worse: that is the check.
 */

interface Recording {
  id: string;
  file: string;
  reference: string;
}

function recordings(): Recording[] {
  const out: Recording[] = [
    { id: 'goforward', file: `${TEST_DATA}/goforward.raw`, reference: 'go forward ten meters' },
  ];
  // Sphinx transcription files: "<s> words </s> (fileid)" per line.
  const sets: [string, string][] = [
    ['cards', 'cards.transcription'],
    ['librivox', 'transcription'],
  ];
  for (const [dir, list] of sets) {
    for (const line of fs.readFileSync(`${TEST_DATA}/${dir}/${list}`, 'utf8').split('\n')) {
      const m = /^(.*)\(([^)]+)\)\s*$/.exec(line.trim());
      if (!m) continue;
      out.push({ id: `${dir}/${m[2]}`, file: `${TEST_DATA}/${dir}/${m[2]}.wav`, reference: m[1]! });
    }
  }
  return out;
}

/** The recording as 16 kHz 16-bit mono raw PCM, read from its WAV header (converted with sox if it is not). */
function pcm16k(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  if (!file.endsWith('.wav')) return bytes; // the .raw files are 16 kHz s16le already
  let format: { rate: number; channels: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      format = {
        channels: bytes.readUInt16LE(at + 10),
        rate: bytes.readUInt32LE(at + 12),
        bits: bytes.readUInt16LE(at + 22),
      };
    } else if (id === 'data' && format) {
      if (format.rate === 16000 && format.channels === 1 && format.bits === 16)
        return bytes.subarray(at + 8, at + 8 + size);
      break;
    }
    at += 8 + size + (size % 2);
  }
  const sox = spawnSync(
    'sox',
    [file, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', '-t', 'raw', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (sox.status !== 0) throw new Error(`sox could not convert ${file}: ${sox.stderr}`);
  return sox.stdout;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<\/?s>|<sil>|\[[^\]]*\]/g, ' ')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level edit distance: substitutions + deletions + insertions. */
function wordErrors(reference: string[], hypothesis: string[]): number {
  let prev = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const same = reference[i - 1] === hypothesis[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + same);
    }
    prev = row;
  }
  return prev[hypothesis.length]!;
}

/** pocketsphinx_continuous on the file itself, as a person would run it. */
function direct(file: string): string {
  const run = spawnSync(
    'pocketsphinx_continuous',
    [
      '-infile',
      file,
      '-logfn',
      '/dev/null',
      '-hmm',
      path.join(MODEL_DIR, 'en-us'),
      '-lm',
      path.join(MODEL_DIR, 'en-us.lm.bin'),
      '-dict',
      path.join(MODEL_DIR, 'cmudict-en-us.dict'),
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`pocketsphinx_continuous failed on ${file}`);
  return run.stdout.split('\n').filter(Boolean).join(' ');
}

export async function dictationBench(opts: { quick: boolean }): Promise<BenchResult[]> {
  const missing = pocketsphinxMissing();
  if (missing) {
    console.log(`dictation: skipped, ${missing}`);
    return [];
  }
  // Quick mode: the first recording only (the whole path still runs).
  const items = opts.quick ? recordings().slice(0, 1) : recordings();
  const server = await startTestServer();
  const client = new Client(server.url);
  await client.signIn();
  let refWords = 0;
  let directErrors = 0;
  let pathErrors = 0;
  let audioSeconds = 0;
  let directMs = 0;
  let pathMs = 0;
  const differences: string[] = [];
  try {
    for (const item of items) {
      const reference = words(item.reference);
      const raw = pcm16k(item.file);
      audioSeconds += raw.length / 2 / 16000;
      refWords += reference.length;

      let t = performance.now();
      const directText = direct(item.file);
      directMs += performance.now() - t;
      directErrors += wordErrors(reference, words(directText));

      const pcm = await upsampleTo44k(raw);
      const sock = openAudioSocket(server, client);
      await sock.opened;
      t = performance.now();
      await sock.sendAudio(pcm);
      sock.end();
      const reply = await sock.closing(60_000);
      pathMs += performance.now() - t;
      sock.ws.close();
      if (reply.error) throw new Error(`${item.id}: ${reply.error}`);
      pathErrors += wordErrors(reference, words(reply.text));
      if (reply.text !== directText)
        differences.push(`${item.id}: "${reply.text}" (directly: "${directText}")`);
    }
  } finally {
    await server.close();
  }
  const pct = (errors: number) => Number(((100 * errors) / refWords).toFixed(1));
  const differ = differences.length
    ? `; differing: ${differences.join('; ')}`
    : '; same text on every file';
  return [
    {
      name: 'dictation: word error rate through /ws/audio',
      value: pct(pathErrors),
      unit: '%',
      budget: pct(directErrors),
      kind: 'max',
      detail: `budget = pocketsphinx_continuous run directly on the same ${items.length} recordings (${refWords} words, pocketsphinx-testdata)${differ}`,
    },
    {
      name: 'dictation: real-time factor through /ws/audio',
      value: Number((pathMs / 1000 / audioSeconds).toFixed(3)),
      unit: '×',
      kind: 'max',
      detail: `${audioSeconds.toFixed(1)} s of audio sent as fast as the socket takes it; directly: ${(directMs / 1000 / audioSeconds).toFixed(3)}× (below 1 keeps up with speech)`,
    },
  ];
}
