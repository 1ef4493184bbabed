import type { AudioReply } from '../../protocol';
import type { Recognition, SpeechProvider } from './provider';
import { createResampler, type Resampler } from './resample';

export interface UtteranceLimits {
  /** Longest utterance, in seconds of audio. */
  maxSeconds: number;
  /** Most bytes held for the recogniser (queued here plus its own backlog). */
  maxBufferBytes: number;
  /** No audio for this long while streaming, or no final text this long after the end: stopped. */
  timeoutMs: number;
}

export interface UtteranceDeps {
  provider: SpeechProvider;
  /** Sample rate of the PCM the browser sends (AUDIO_SAMPLE_RATE). */
  inputRate: number;
  limits: UtteranceLimits;
  /** A hint while audio still comes; may be dropped. */
  hint(reply: AudioReply): void;
  /** The one closing reply: the final text or an error. */
  reply(reply: AudioReply): void;
}

/**
 * One utterance from its first chunk to its final text: browser PCM is
 * resampled to the provider's rate and handed to one recognition, within
 * the limits. It ends exactly once — final text, error or abort — and then
 * holds nothing: recogniser stopped, resampler freed, timers cleared.
 */
export class Utterance {
  private state: 'streaming' | 'ending' | 'over' = 'streaming';
  private resampler?: Resampler;
  /** Chunks that came before the resampler was ready (a few milliseconds' worth). */
  private queued: Buffer[] = [];
  private queuedBytes = 0;
  private samples = 0;
  private readonly recognition: Recognition;
  private idle?: NodeJS.Timeout;
  private readonly deadline: NodeJS.Timeout;
  private settle!: () => void;
  /** Resolves once the closing reply is sent, or the utterance was aborted. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(private readonly deps: UtteranceDeps) {
    const { provider, inputRate, limits } = deps;
    this.recognition = provider.start({
      onInterim: (text) => {
        if (this.state === 'streaming') deps.hint({ text, isFinal: false });
      },
      onError: (err) => this.fail(err.message),
    });
    createResampler(inputRate, provider.sampleRate).then(
      (resampler) => this.resamplerReady(resampler),
      (err: Error) => this.fail(`Audio could not be resampled: ${err.message}`),
    );
    this.armIdle();
    // However the client paces its audio, an utterance cannot hold a recogniser for longer.
    this.deadline = setTimeout(
      () => this.fail('Speech recognition timed out'),
      limits.maxSeconds * 1000 + limits.timeoutMs,
    );
  }

  /** Still taking audio (not ended, failed or aborted). */
  get streaming(): boolean {
    return this.state === 'streaming';
  }

  /** One chunk of 16-bit LE PCM at the input rate (whole samples: the socket checks). */
  push(chunk: Buffer): void {
    if (this.state !== 'streaming') return;
    const { maxSeconds, maxBufferBytes } = this.deps.limits;
    this.samples += chunk.length / 2;
    if (this.samples > maxSeconds * this.deps.inputRate) {
      this.fail(`Utterance too long (max ${maxSeconds} s)`);
      return;
    }
    this.armIdle();
    if (this.resampler) {
      this.recognition.write(this.resampler.push(chunk));
    } else {
      this.queued.push(chunk);
      this.queuedBytes += chunk.length;
    }
    const held = this.queuedBytes + this.recognition.pendingBytes;
    if (held > maxBufferBytes)
      this.fail(
        `Too much audio waiting for the recogniser (over ${maxBufferBytes} bytes); utterance dropped`,
      );
  }

  /** The user stopped: the final text (or an error) follows. */
  end(): void {
    if (this.state !== 'streaming') return;
    this.state = 'ending';
    this.armIdle();
    if (this.resampler) void this.finish();
  }

  /** Ends with an error reply; the recogniser is stopped. */
  fail(message: string): void {
    if (this.state === 'over') return;
    this.stop();
    this.deps.reply({ error: message });
    this.settle();
  }

  /** Ends without a word (the client went away); the recogniser is stopped. */
  abort(): void {
    if (this.state === 'over') return;
    this.stop();
    this.settle();
  }

  private resamplerReady(resampler: Resampler): void {
    if (this.state === 'over') {
      resampler.destroy();
      return;
    }
    this.resampler = resampler;
    for (const chunk of this.queued) this.recognition.write(resampler.push(chunk));
    this.queued = [];
    this.queuedBytes = 0;
    if (this.state === 'ending') void this.finish();
  }

  private async finish(): Promise<void> {
    this.recognition.write(this.resampler!.flush());
    this.resampler!.destroy();
    let closing: AudioReply;
    try {
      closing = { text: await this.recognition.finish(), isFinal: true };
    } catch (err) {
      closing = { error: (err as Error).message };
    }
    if (this.state !== 'ending') return; // failed or aborted meanwhile
    this.stop();
    this.deps.reply(closing);
    this.settle();
  }

  private armIdle(): void {
    clearTimeout(this.idle);
    const { timeoutMs } = this.deps.limits;
    this.idle = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 1000);
      this.fail(
        this.state === 'streaming'
          ? `No audio for ${seconds} s; dictation stopped`
          : 'Speech recognition timed out',
      );
    }, timeoutMs);
  }

  private stop(): void {
    this.state = 'over';
    clearTimeout(this.idle);
    clearTimeout(this.deadline);
    this.recognition.abort();
    this.resampler?.destroy();
    this.queued = [];
    this.queuedBytes = 0;
  }
}
