import type { ExpertReporter } from '../types';

export interface AnswerStreamOptions {
  /** Report at most this often… */
  intervalMs?: number;
  /** …unless this many pieces arrived since the last report. */
  everyPieces?: number;
  now?: () => number;
}

/**
 * Streams a growing answer to the reporter without flooding it: a partial
 * answer goes out when ~50 ms have passed or 20 pieces have arrived.
 */
export class AnswerStream {
  private text = '';
  private pieces = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  private lastSent = '';
  private readonly intervalMs: number;
  private readonly everyPieces: number;
  private readonly now: () => number;

  constructor(
    private readonly report: ExpertReporter,
    options: AnswerStreamOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 50;
    this.everyPieces = options.everyPieces ?? 20;
    this.now = options.now ?? Date.now;
  }

  get content(): string {
    return this.text;
  }

  /** Starts a new paragraph (text from an earlier tool round stays). */
  paragraph(): void {
    if (this.text && !this.text.endsWith('\n\n')) this.text = `${this.text.trimEnd()}\n\n`;
  }

  push(piece: string): void {
    this.text += piece;
    this.pieces += 1;
    const at = this.now();
    if (this.pieces >= this.everyPieces || at - this.lastAt >= this.intervalMs) this.flush(at);
  }

  private flush(at: number): void {
    this.pieces = 0;
    this.lastAt = at;
    const text = this.text.trimEnd();
    if (!text || text === this.lastSent) return;
    this.lastSent = text;
    this.report.answer(text, false);
  }

  /** The final answer (trimmed). */
  finish(): string {
    const text = this.text.trim();
    this.report.answer(text, true);
    return text;
  }
}
