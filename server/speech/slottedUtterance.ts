import type { FastifyBaseLogger } from 'fastify';
import type { AudioReply } from '../../protocol';
import type { ReleaseSlot } from './userSlots';
import type { Utterance } from './utterance';

export interface SlottedUtteranceDeps {
  /** The user's slot being asked for (undefined: none free). */
  slot: Promise<ReleaseSlot | undefined>;
  /** What the user is told when no slot is free. */
  refusal: string;
  /** Starts the recogniser; only once the slot is held. */
  start(): Utterance;
  /** Most audio bytes held while the slot is asked for (STT_MAX_BUFFER_BYTES). */
  maxBufferBytes: number;
  /** The one closing reply when it ends here (refused, could not start, too much audio). */
  reply(reply: AudioReply): void;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * An utterance whose recogniser starts only once its user has a dictation
 * slot. Asking may take a round trip to Redis: audio and an end that come
 * meanwhile are held (within the buffer limit) and handed over when it
 * starts. Refused, it answers with the refusal and ignores the rest of its
 * audio. The slot is given back once it has settled, however it ended.
 */
export class SlottedUtterance {
  private state: 'waiting' | 'running' | 'over' = 'waiting';
  private utterance?: Utterance;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private ended = false;
  private settle!: () => void;
  /** Resolves once the closing reply is sent, or it was aborted. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(private readonly deps: SlottedUtteranceDeps) {
    deps.slot.then(
      (release) => this.slotAnswered(release),
      // acquire never rejects; should it all the same, the user hears why.
      (err: Error) => this.slotAnswered(undefined, err),
    );
  }

  /** Still taking audio (not ended, refused, failed or aborted). */
  get streaming(): boolean {
    if (this.state === 'running') return this.utterance!.streaming;
    return this.state === 'waiting' && !this.ended;
  }

  push(chunk: Buffer): void {
    if (this.state === 'running') return this.utterance!.push(chunk);
    if (this.state !== 'waiting' || this.ended) return;
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes > this.deps.maxBufferBytes)
      this.fail(
        `Too much audio waiting for the recogniser (over ${this.deps.maxBufferBytes} bytes); utterance dropped`,
      );
  }

  end(): void {
    if (this.state === 'running') return this.utterance!.end();
    this.ended = true;
  }

  /** Ends with an error reply. */
  fail(message: string): void {
    if (this.state === 'running') return this.utterance!.fail(message);
    if (this.state === 'over') return;
    this.over({ error: message });
  }

  /** Ends without a word (the client went away). */
  abort(): void {
    if (this.state === 'running') return this.utterance!.abort();
    if (this.state === 'over') return;
    this.over();
  }

  private slotAnswered(release: ReleaseSlot | undefined, err?: Error): void {
    if (this.state === 'over') {
      release?.(); // failed or aborted while waiting
      return;
    }
    if (!release) {
      this.over({ error: err ? err.message : this.deps.refusal });
      return;
    }
    let utterance: Utterance;
    try {
      utterance = this.deps.start();
    } catch (e) {
      release();
      this.deps.log.error({ err: e }, 'speech recogniser could not start');
      this.over({ error: `Speech recogniser could not start: ${(e as Error).message}` });
      return;
    }
    this.state = 'running';
    this.utterance = utterance;
    void utterance.settled.then(() => {
      release();
      this.settle();
    });
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    for (const chunk of held) utterance.push(chunk);
    if (this.ended) utterance.end();
  }

  /** Ends here, with its closing reply when it has one; settled once that is handed over. */
  private over(closing?: AudioReply): void {
    this.state = 'over';
    this.held = [];
    this.heldBytes = 0;
    if (closing) this.deps.reply(closing);
    this.settle();
  }
}
