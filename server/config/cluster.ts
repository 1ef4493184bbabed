import { z } from 'zod';
import { port, positiveInt } from './values';

/** What several instances behind a balancer share, and how each one is run (README: Operations). */
export const clusterVariables = {
  REDIS_URL: {
    expect: 'a redis:// or rediss:// URL',
    schema: z.url({ protocol: /^rediss?$/ }).optional(),
    default: undefined,
    doc: 'Redis every instance shares, e.g. `redis://:secret@redis.example.org:6379/0` (`rediss://`: TLS): socket frames, revocations and remote apps reach every instance, and sign-in limits and dictation slots are counted across them (unset: all in-process)',
  },
  APP_PRESENCE_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '15',
    doc: 'With REDIS_URL: after this long without news of an instance (killed, cut off), the others drop its remote apps; each says what it holds every third of this',
  },
  DRAIN_TIMEOUT_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '30',
    doc: 'How long SIGTERM or Ctrl-C waits for meeting rounds under way before stopping them and closing sockets (see Operations); a second signal stops at once',
  },
  INSTANCE_TIMEOUT_SECONDS: {
    expect: 'a positive whole number of seconds',
    schema: positiveInt,
    default: '10',
    doc: 'An instance not heard from for this long is gone: another instance ends the answers it had under way as failed, saying so in the transcript (it heartbeats every fifth of it; a process gone from the same host as a live instance is seen at the next check); see Running more than one instance',
  },
  METRICS_PORT: {
    expect: 'a port number from 0 to 65535',
    schema: port.optional(),
    default: undefined,
    doc: 'Port serving Prometheus metrics at `/metrics`, apart from PORT (unset: no metrics served; see Operations)',
  },
  METRICS_HOST: {
    expect: 'a host name or address',
    schema: z.string().min(1),
    default: '127.0.0.1',
    doc: 'Interface the metrics port binds (0.0.0.0 for a Prometheus on another machine)',
  },
} as const;
