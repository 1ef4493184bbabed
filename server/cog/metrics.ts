import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What an open socket serves: a browser's cog socket, a dictation socket, a remote app. */
export type SocketKind = 'cog' | 'audio' | 'app';

/** Seconds; an expert answers in well under a second (offline) up to its timeout (60 s). */
const ANSWER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/**
 * One server's Prometheus metrics (served on METRICS_PORT, see server/ops/).
 * Each built app has its own, so tests running several servers in one process
 * count apart. It sits in the kernel so that every area can count: to add a
 * metric, create it with `registers: [metrics.registry]` (prom-client's
 * Counter, Gauge, Histogram), named `emgen_…`; a value that is cheaper to read
 * than to keep up to date is a Gauge with a `collect()` that reads it.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Meeting rounds whose question was stored, whose experts set to work. */
  readonly roundsStarted: Counter;
  /** Rounds in which every expert answered. */
  readonly roundsFinished: Counter;
  /** Rounds in which at least one expert failed (its bubble says why). */
  readonly roundsFailed: Counter;
  /** How long one expert took, from setting to work to its answer stored (or its failure). */
  readonly answerSeconds: Histogram<'outcome'>;
  private readonly socketCounts = new Map<SocketKind, (() => number)[]>();
  private readonly queueDepths: (() => number | Promise<number>)[] = [];
  private defaultsOn = false;

  constructor() {
    const registers = [this.registry];
    this.roundsStarted = new Counter({
      name: 'emgen_meeting_rounds_started_total',
      help: 'Meeting rounds started (the question stored, the experts at work)',
      registers,
    });
    this.roundsFinished = new Counter({
      name: 'emgen_meeting_rounds_finished_total',
      help: 'Meeting rounds in which every expert answered',
      registers,
    });
    this.roundsFailed = new Counter({
      name: 'emgen_meeting_rounds_failed_total',
      help: 'Meeting rounds in which at least one expert failed',
      registers,
    });
    this.answerSeconds = new Histogram({
      name: 'emgen_expert_answer_seconds',
      help: "Time from an expert's start to its answer stored, by outcome (answered, failed)",
      labelNames: ['outcome'],
      buckets: ANSWER_BUCKETS,
      registers,
    });
    const socketCounts = this.socketCounts;
    new Gauge({
      name: 'emgen_open_sockets',
      help: 'Open WebSockets, by kind (cog: browsers, audio: dictation, app: remote apps)',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const kind of ['cog', 'audio', 'app'] as const)
          this.set({ kind }, sum(socketCounts.get(kind) ?? []));
      },
    });
    const queueDepths = this.queueDepths;
    new Gauge({
      name: 'emgen_indexing_queue_depth',
      help: 'Uploaded files waiting for (or in) text extraction and indexing; with REDIS_URL the shared queue, so every instance reports the same',
      registers,
      async collect() {
        const depths = await Promise.all(queueDepths.map((depth) => depth()));
        this.set(depths.reduce((total, n) => total + n, 0));
      },
    });
  }

  /** Open sockets of this kind are counted by `count` when metrics are read. */
  countSockets(kind: SocketKind, count: () => number): void {
    const counts = this.socketCounts.get(kind) ?? [];
    counts.push(count);
    this.socketCounts.set(kind, counts);
  }

  /** Files waiting for indexing are counted by `depth` when metrics are read (a shared queue answers from Redis). */
  countIndexingQueue(depth: () => number | Promise<number>): void {
    this.queueDepths.push(depth);
  }

  /** Node's own (memory, event loop lag, GC, handles): once, by the process that serves them. */
  collectNodeMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }
}

function sum(counts: (() => number)[]): number {
  return counts.reduce((total, count) => total + count(), 0);
}
