import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { onOrderedMessages } from '../../../server/cog/orderedMessages';

/** Just what onOrderedMessages uses of a ws socket: 'message' events, pause and resume. */
class FakeSocket extends EventEmitter {
  paused = false;
  pauses = 0;
  pause() {
    this.paused = true;
    this.pauses++;
  }
  resume() {
    this.paused = false;
  }
  frame(text: string) {
    this.emit('message', Buffer.from(text), false);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('onOrderedMessages', () => {
  it('hands frames over in arrival order even when an earlier check answers last', async () => {
    const socket = new FakeSocket();
    const handled: string[] = [];
    let n = 0;
    // The first check takes longest, the last is immediate.
    const gate = () =>
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 30 - 10 * n++));
    onOrderedMessages(
      socket as unknown as WebSocket,
      gate,
      (d) => handled.push(String(d)),
      () => {},
    );
    socket.frame('a');
    socket.frame('b');
    socket.frame('c');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual(['a', 'b', 'c']);
  });

  it('starts a frame only once the handling of the one before it has settled', async () => {
    const socket = new FakeSocket();
    const log: string[] = [];
    onOrderedMessages(
      socket as unknown as WebSocket,
      async () => true,
      async (d) => {
        log.push(`start ${String(d)}`);
        // The first handler awaits longest (a slow store), the last not at all.
        await new Promise((resolve) => setTimeout(resolve, String(d) === 'a' ? 30 : 0));
        if (String(d) === 'b') throw new Error('b failed');
        log.push(`end ${String(d)}`);
      },
      (e) => log.push(`error ${(e as Error).message}`),
    );
    socket.frame('a');
    socket.frame('b');
    socket.frame('c');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log).toEqual(['start a', 'end a', 'start b', 'error b failed', 'start c', 'end c']);
  });

  it('drops frames once the check says no, and goes on after a check that throws', async () => {
    const socket = new FakeSocket();
    const handled: string[] = [];
    const errors: unknown[] = [];
    const answers = [true, 'throw', true, false, false];
    const gate = async () => {
      const answer = answers.shift();
      if (answer === 'throw') throw new Error('database is locked');
      return answer === true;
    };
    onOrderedMessages(
      socket as unknown as WebSocket,
      gate,
      (d) => handled.push(String(d)),
      (e) => errors.push(e),
    );
    for (const f of ['1', '2', '3', '4', '5']) socket.frame(f);
    await settle();
    expect(handled).toEqual(['1', '3']);
    expect(errors).toHaveLength(1);
  });

  it('stops reading a socket whose frames pile up behind slow checks, and reads again once drained', async () => {
    const socket = new FakeSocket();
    let open!: () => void;
    const slow = new Promise<void>((resolve) => (open = resolve));
    let handled = 0;
    onOrderedMessages(
      socket as unknown as WebSocket,
      async () => {
        await slow;
        return true;
      },
      () => handled++,
      () => {},
    );
    for (let i = 0; i < 100; i++) socket.frame(String(i));
    expect(socket.paused).toBe(true);
    open();
    await settle();
    expect(handled).toBe(100);
    expect(socket.paused).toBe(false);
    expect(socket.pauses).toBe(1);
  });
});
