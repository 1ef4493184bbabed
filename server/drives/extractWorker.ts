import { readHead } from './blobs/readHead';
import { ExtractError, extractText } from './extract';

/**
 * The task a worker thread of the extraction pool runs (see extractPool.ts):
 * it reads the file itself and extracts its text, so neither the bytes nor
 * the work ever touch the server's event loop.
 */

export interface ExtractTask {
  mime: string;
  /** The blob's path on disk. */
  file: string;
  /** Bytes of the file read at most. */
  maxBytes: number;
}

/** The text, or why there is none: extraction failed in a way that is the file's doing. */
export type ExtractOutcome = { text: string } | { error: string };

/**
 * A task that only waits for the thread to have loaded what extraction needs
 * (extractWorkerEntry.js answers it), so a file's time limit is its own.
 */
export interface WarmUpTask {
  warmUp: true;
}

export default async function runTask(task: ExtractTask): Promise<ExtractOutcome> {
  try {
    const bytes = await readHead(task.file, task.maxBytes);
    return { text: (await extractText(task.mime, bytes)) ?? '' };
  } catch (err) {
    if (err instanceof ExtractError) return { error: err.message };
    return { error: `Could not extract text: ${err instanceof Error ? err.message : String(err)}` };
  }
}
