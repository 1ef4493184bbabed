import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../../server/cog/bus';

/** The one-process bus: every listener sees every message of a topic once, in publish order. */

function newBus() {
  const failures: [unknown, string][] = [];
  const bus = new InProcessBus((err, topic) => failures.push([err, topic]));
  return { bus, failures };
}

describe('the in-process bus', () => {
  it('delivers to the topic’s listeners before publish returns, in publish order', () => {
    const { bus } = newBus();
    const seen: string[] = [];
    bus.subscribe('frames', (m) => seen.push(`a:${String(m)}`));
    bus.subscribe('frames', (m) => seen.push(`b:${String(m)}`));
    bus.subscribe('revocations', (m) => seen.push(`r:${String(m)}`));
    bus.publish('frames', 1);
    expect(seen).toEqual(['a:1', 'b:1']);
    bus.publish('revocations', 2);
    bus.publish('frames', 3);
    expect(seen).toEqual(['a:1', 'b:1', 'r:2', 'a:3', 'b:3']);
  });

  it('a message published while one is being delivered comes after it, for every listener', () => {
    const { bus } = newBus();
    const first: unknown[] = [];
    const second: unknown[] = [];
    // The first listener answers "question" with "answer" at once; the second must
    // still see the question before the answer, as listeners on other instances do.
    bus.subscribe('frames', (m) => {
      first.push(m);
      if (m === 'question') bus.publish('frames', 'answer');
    });
    bus.subscribe('frames', (m) => second.push(m));
    bus.publish('frames', 'question');
    expect(first).toEqual(['question', 'answer']);
    expect(second).toEqual(['question', 'answer']);
  });

  it('keeps order through chains of nested publishes across topics', () => {
    const { bus } = newBus();
    const log: string[] = [];
    bus.subscribe('a', (m) => {
      log.push(`a${String(m)}`);
      if (Number(m) < 3) {
        bus.publish('b', Number(m));
        bus.publish('a', Number(m) + 1);
      }
    });
    bus.subscribe('b', (m) => log.push(`b${String(m)}`));
    bus.publish('a', 1);
    expect(log).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('a listener that throws loses that message alone: the others get it, publish does not throw', () => {
    const { bus, failures } = newBus();
    const seen: unknown[] = [];
    bus.subscribe('frames', () => {
      throw new Error('listener broke');
    });
    bus.subscribe('frames', (m) => seen.push(m));
    expect(() => bus.publish('frames', 'x')).not.toThrow();
    bus.publish('frames', 'y');
    expect(seen).toEqual(['x', 'y']);
    expect(failures.map(([err, topic]) => [(err as Error).message, topic])).toEqual([
      ['listener broke', 'frames'],
      ['listener broke', 'frames'],
    ]);
  });

  it('stops delivering to a listener once it has unsubscribed', () => {
    const { bus } = newBus();
    const seen: unknown[] = [];
    let stopSecond = (): void => undefined;
    bus.subscribe('frames', (m) => {
      if (m === 'stop') stopSecond();
    });
    stopSecond = bus.subscribe('frames', (m) => seen.push(m));
    bus.publish('frames', 'before');
    bus.publish('frames', 'stop');
    bus.publish('frames', 'after');
    expect(seen).toEqual(['before', 'stop']);
  });

  it('reaches one process and says so; once closed it delivers nothing', async () => {
    const { bus } = newBus();
    expect(bus.health().state).toBe('in-process');
    const seen: unknown[] = [];
    bus.subscribe('frames', (m) => seen.push(m));
    await bus.close();
    bus.publish('frames', 'late');
    expect(seen).toEqual([]);
  });
});
