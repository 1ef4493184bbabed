import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FifoWriter } from './fifo';
import type { Recognition, RecognitionEvents, SpeechProvider } from './provider';

/** The model files pocketsphinx_continuous needs, as the Debian package pocketsphinx-en-us lays them out. */
export function pocketsphinxModel(modelDir: string) {
  return {
    hmm: path.join(modelDir, 'en-us'),
    lm: path.join(modelDir, 'en-us.lm.bin'),
    dict: path.join(modelDir, 'cmudict-en-us.dict'),
  };
}

/** Keep at most this much of the recogniser's stderr for the log, and of its text. */
const STDERR_KEEP = 2048;
const TEXT_KEEP = 64 * 1024;

/**
 * Offline recognition with pocketsphinx_continuous (5prealpha): one child
 * process per utterance reads 16 kHz s16le from a named pipe (`-infile`, see
 * fifo.ts for why not its stdin) and prints one line
 * per stretch of speech its voice-activity detector closes, so each line is
 * sent on as a hint and all of them joined are the final text.
 */
export function pocketsphinxProvider(opts: {
  bin: string;
  modelDir: string;
  log?: (msg: string, extra?: object) => void;
}): SpeechProvider {
  const model = pocketsphinxModel(opts.modelDir);
  const args = [
    '-logfn',
    '/dev/null',
    '-samprate',
    '16000',
    '-hmm',
    model.hmm,
    '-lm',
    model.lm,
    '-dict',
    model.dict,
  ];
  return {
    name: 'pocketsphinx',
    sampleRate: 16000,
    start: (events) => startProcess(opts.bin, args, events, opts.log),
  };
}

function startProcess(
  bin: string,
  args: string[],
  events: RecognitionEvents,
  log?: (msg: string, extra?: object) => void,
): Recognition {
  let fifoError: Error | undefined;
  const input = new FifoWriter((err) => {
    fifoError = err;
    child.kill('SIGKILL');
  });
  let child: ChildProcess;
  try {
    child = spawn(bin, ['-infile', input.path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    input.destroy();
    throw err;
  }
  const lines: string[] = [];
  let partial = '';
  let textBytes = 0;
  let stderr = '';
  let state: 'running' | 'finishing' | 'aborted' = 'running';
  let spawnError: Error | undefined;
  const aborted = () => state === 'aborted';

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      input.destroy();
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      input.destroy();
      spawnError = err;
      resolve({ code: null, signal: null });
    });
  });
  let done = false;
  void exited.then(({ code, signal }) => {
    done = true;
    if (state !== 'running') return;
    // It stopped while audio was still coming: say so now rather than at the end.
    const why = (spawnError ?? fifoError)?.message ?? `exit code ${code ?? signal}`;
    log?.('pocketsphinx stopped early', { why, stderr });
    events.onError(new Error(`Speech recogniser stopped unexpectedly (${why})`));
  });

  const take = (line: string) => {
    const text = line.trim();
    if (!text || textBytes > TEXT_KEEP) return;
    textBytes += text.length;
    lines.push(text);
    if (state === 'running') events.onInterim(lines.join(' '));
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (data: string) => {
    partial += data;
    const parts = partial.split('\n');
    partial = parts.pop()!.slice(-TEXT_KEEP);
    parts.forEach(take);
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (data: string) => {
    stderr = (stderr + data).slice(-STDERR_KEEP);
  });

  return {
    write(pcm) {
      if (state !== 'running' || done || pcm.length === 0) return;
      input.write(pcm);
    },
    get pendingBytes() {
      return input.pendingBytes;
    },
    async finish() {
      if (state === 'aborted') throw new Error('Speech recognition was stopped');
      state = 'finishing';
      input.end();
      const { code, signal } = await exited;
      take(partial);
      partial = '';
      if (spawnError) throw new Error(`Speech recogniser could not start (${spawnError.message})`);
      if (aborted()) throw new Error('Speech recognition was stopped');
      if (code !== 0) {
        log?.('pocketsphinx failed', { code, signal, stderr });
        throw new Error(`Speech recogniser failed (exit code ${code ?? signal})`);
      }
      return lines.join(' ');
    },
    abort() {
      if (state === 'aborted') return;
      state = 'aborted';
      input.destroy();
      // Node reaps the child when it exits, so no zombie is left behind.
      if (!done) child.kill('SIGKILL');
    },
  };
}
