import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { z } from 'zod';
import { withTimeout } from '../timeout';
import { LocalDelivery } from './localDelivery';
import {
  DEGRADED_HEALTH,
  REDIS_HEALTH,
  type BusListener,
  type FanOutHealth,
  type MessageBus,
} from './messageBus';

/** Every topic is the channel PREFIX + topic; one pattern subscription hears them all. */
const PREFIX = 'emgen:bus:';

/** What travels on a channel: the message, and who published it as which of its messages. */
const envelopeSchema = z.object({
  from: z.string(),
  seq: z.number().int(),
  message: z.unknown(),
});

/** Between reconnect attempts: quickly at first, then every 2 s for as long as Redis is gone. */
const retryStrategy = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 5), 2000);

export interface RedisBusOptions {
  url: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * How long a message this instance published may take to come back to it
   * before the subscriber connection is taken for dead: its waiting
   * messages are delivered here at once and it reconnects.
   */
  echoTimeoutMs?: number;
}

interface Pending {
  seq: number;
  topic: string;
  message: unknown;
  at: number;
}

/**
 * The bus over Redis pub/sub (ioredis), for many instances on one Redis.
 *
 * Two connections: a subscriber, which in subscribed mode can do nothing
 * else, and a publisher. Every instance pattern-subscribes to all topics and
 * delivers what arrives to its own subscribers, including what it published
 * itself: a message it publishes is held (`pending`) until Redis hands it
 * back, then delivered from there.
 *
 * Order: Redis runs commands one at a time and pushes a PUBLISH to every
 * subscribed connection as it runs it, so every instance receives all
 * messages, whoever published them, in one and the same order; and the
 * messages of one publisher connection in the order it sent them. So two
 * sockets watching one workspace see its frames in the same order on any
 * instances; that is why a publisher does not deliver to itself directly.
 *
 * Redis unreachable (either connection down): `health()` says degraded,
 * messages still held are delivered here at once, in order, and what is
 * published meanwhile reaches this instance only (it would be lost on the
 * way anyhow: pub/sub keeps nothing). ioredis reconnects by itself; once the
 * subscription is back the bus is whole again. Nothing here throws into the
 * caller or leaves a promise rejected unhandled.
 */
export class RedisBus implements MessageBus {
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local: LocalDelivery;
  private readonly healthListeners = new Set<(health: FanOutHealth) => void>();
  private readonly watchdog: NodeJS.Timeout;
  private readonly echoTimeoutMs: number;
  private pending: Pending[] = [];
  private seq = 0;
  private subscribed = false;
  private closed = false;
  private current: FanOutHealth = DEGRADED_HEALTH;
  /** One warning per outage: ioredis reports every failed reconnect. */
  private warned = false;

  constructor(private readonly opts: RedisBusOptions) {
    this.echoTimeoutMs = opts.echoTimeoutMs ?? 5000;
    this.local = new LocalDelivery((err, topic) =>
      opts.log.error({ err, topic }, 'a bus listener failed'),
    );
    const common: RedisOptions = { retryStrategy, connectTimeout: 3000, maxRetriesPerRequest: 1 };
    this.publisher = new Redis(opts.url, {
      ...common,
      connectionName: 'emgen-publisher',
      // A message is published now or never: a resend after a reconnect would
      // arrive after newer ones, and this instance has delivered it meanwhile.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    this.subscriber = new Redis(opts.url, {
      ...common,
      connectionName: 'emgen-subscriber',
      // Subscribed again by hand on every ready, so the bus knows when it is.
      autoResubscribe: false,
    });
    // The subscription ends with its connection (before health is worked out again) ...
    this.subscriber.on('close', () => {
      this.subscribed = false;
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err: Error) => this.connectionFailed(err));
      connection.on('close', () => this.changed());
      connection.on('ready', () => this.changed());
    }
    // ... and is made again on every new one.
    this.subscriber.on('ready', () => this.listen());
    this.subscriber.on('pmessage', (_pattern: string, channel: string, text: string) =>
      this.received(channel, text),
    );
    this.watchdog = setInterval(() => this.checkEchoes(), Math.max(50, this.echoTimeoutMs / 4));
    this.watchdog.unref();
  }

  /** Resolves once the bus reaches Redis, or after `ms` still degraded; never rejects. */
  connected(ms: number): Promise<void> {
    if (this.current === REDIS_HEALTH) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const stop = this.onHealthChange((h) => {
        if (h === REDIS_HEALTH) done();
      });
    });
  }

  publish(topic: string, message: unknown): void {
    if (this.closed) return; // shutting down: no socket is left to hear it
    if (this.current !== REDIS_HEALTH) {
      this.local.deliver(topic, message);
      return;
    }
    const seq = ++this.seq;
    let text: string;
    try {
      text = JSON.stringify({ from: this.origin, seq, message });
    } catch (err) {
      this.opts.log.error(
        { err, topic },
        'a bus message could not be encoded: delivered here only',
      );
      this.local.deliver(topic, message);
      return;
    }
    this.pending.push({ seq, topic, message, at: Date.now() });
    this.publisher.publish(PREFIX + topic, text).catch((err: unknown) => {
      this.opts.log.warn({ err, topic }, 'publishing to Redis failed');
      this.deliverPending();
    });
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.local.subscribe(topic, listener);
  }

  /** Every topic, on the subscriber connection just (re)connected; whole again once Redis confirms. */
  private listen(): void {
    this.subscriber.psubscribe(`${PREFIX}*`).then(
      () => {
        this.subscribed = true;
        this.changed();
      },
      (err: unknown) => this.opts.log.warn({ err }, 'subscribing to Redis failed'),
    );
  }

  health(): FanOutHealth {
    return this.current;
  }

  onHealthChange(listener: (health: FanOutHealth) => void): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    this.healthListeners.clear();
    this.local.clear();
    this.pending = [];
    await Promise.all([this.publisher, this.subscriber].map(letGo));
  }

  private received(channel: string, text: string): void {
    if (this.closed || !channel.startsWith(PREFIX)) return;
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(text));
    } catch (err) {
      this.opts.log.warn({ err, channel }, 'an unreadable bus message was dropped');
      return;
    }
    if (envelope.from === this.origin) this.echoed(envelope.seq);
    else this.local.deliver(channel.slice(PREFIX.length), envelope.message);
  }

  /**
   * One of ours came back: it and anything published before it go to our
   * subscribers now. (Redis returns ours in the order we sent them, so an
   * earlier one still held was lost on the way; it is delivered here all
   * the same, before this one.) One already delivered when the bus went
   * down is no longer held and is not delivered twice.
   */
  private echoed(seq: number): void {
    while (this.pending.length && this.pending[0]!.seq <= seq) {
      const { topic, message } = this.pending.shift()!;
      this.local.deliver(topic, message);
    }
  }

  /** Everything still waiting for Redis, delivered here now, in order. */
  private deliverPending(): void {
    const held = this.pending;
    this.pending = [];
    for (const { topic, message } of held) this.local.deliver(topic, message);
  }

  /** A message that never came back: the subscriber connection is taken for dead. */
  private checkEchoes(): void {
    const oldest = this.pending[0];
    if (!oldest || Date.now() - oldest.at < this.echoTimeoutMs) return;
    this.opts.log.warn(
      { waitingMs: Date.now() - oldest.at, held: this.pending.length },
      'messages published to Redis did not come back: reconnecting',
    );
    this.deliverPending();
    this.subscribed = false;
    this.changed();
    this.subscriber.disconnect(true);
  }

  private connectionFailed(err: Error): void {
    if (this.closed || this.warned) return;
    this.warned = true;
    this.opts.log.warn({ err: err.message }, 'Redis connection failed: fan-out is degraded');
  }

  /** Works out health again after any connection event; held messages go out if it is down. */
  private changed(): void {
    if (this.closed) return;
    const whole =
      this.publisher.status === 'ready' && this.subscriber.status === 'ready' && this.subscribed;
    if (!whole) this.deliverPending();
    const next = whole ? REDIS_HEALTH : DEGRADED_HEALTH;
    if (next === this.current) return;
    this.current = next;
    if (whole) {
      this.warned = false;
      this.opts.log.info('Redis reached: messages fan out to every instance');
    }
    for (const listener of [...this.healthListeners]) {
      try {
        listener(next);
      } catch (err) {
        this.opts.log.error({ err }, 'a bus health listener failed');
      }
    }
  }
}

/** Closes a connection politely when it is up (what it has sent still goes), else at once. */
async function letGo(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  try {
    await withTimeout(connection.quit(), 1000, () => new Error('Redis did not answer QUIT'));
  } catch {
    connection.disconnect();
  }
}
