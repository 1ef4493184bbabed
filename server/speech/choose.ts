import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openAiTranscriptionProvider } from './openaiTranscription';
import { pocketsphinxModel, pocketsphinxProvider } from './pocketsphinx';
import type { SpeechProvider } from './provider';

export interface SpeechChoice {
  provider: SpeechProvider | null;
  /** One line for the start-up log: what dictation will use, or why there is none. */
  summary: string;
}

type ProviderConfig = Pick<
  Config,
  'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL' | 'POCKETSPHINX_BIN' | 'POCKETSPHINX_MODEL_DIR'
>;

/**
 * Decided once at start-up (DESIGN §4): an OpenAI-compatible endpoint when
 * STT_BASE_URL is set, else pocketsphinx when its program and en-us model are
 * installed, else none (the socket then says recognition is not available).
 */
export function chooseSpeechProvider(
  config: ProviderConfig,
  log?: (msg: string, extra?: object) => void,
): SpeechChoice {
  if (config.STT_BASE_URL) {
    return {
      provider: openAiTranscriptionProvider({
        baseUrl: config.STT_BASE_URL,
        model: config.STT_MODEL!,
        apiKey: config.STT_API_KEY,
      }),
      summary: `dictation: OpenAI-compatible transcription at ${config.STT_BASE_URL}`,
    };
  }
  const bin = findExecutable(config.POCKETSPHINX_BIN);
  if (!bin) {
    return {
      provider: null,
      summary: `dictation off: ${config.POCKETSPHINX_BIN} not found (install the Debian packages pocketsphinx pocketsphinx-en-us, or set STT_BASE_URL)`,
    };
  }
  const model = pocketsphinxModel(config.POCKETSPHINX_MODEL_DIR);
  const missing = Object.values(model).find((p) => !fs.existsSync(p));
  if (missing) {
    return {
      provider: null,
      summary: `dictation off: pocketsphinx model file ${missing} missing (install the Debian package pocketsphinx-en-us)`,
    };
  }
  return {
    provider: pocketsphinxProvider({ bin, modelDir: config.POCKETSPHINX_MODEL_DIR, log }),
    summary: `dictation: pocketsphinx (${bin}, model ${config.POCKETSPHINX_MODEL_DIR})`,
  };
}

/** The path of an executable: as given when it names a path, else found on PATH. */
export function findExecutable(name: string, envPath = process.env.PATH ?? ''): string | null {
  const candidates = name.includes('/')
    ? [path.resolve(name)]
    : envPath
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, name));
  for (const file of candidates) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}
