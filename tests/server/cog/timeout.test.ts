import { describe, expect, it } from 'vitest';
import { untilAborted, withTimeout } from '../../../server/cog/timeout';

const never = () => new Promise<never>(() => {});
const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('withTimeout', () => {
  it('settles as the work does when it is in time', async () => {
    await expect(withTimeout(later(5, 'done'), 5_000, () => new Error('late'))).resolves.toBe(
      'done',
    );
    const failure = new Error('the handler broke');
    await expect(withTimeout(Promise.reject(failure), 5_000, () => new Error('late'))).rejects.toBe(
      failure,
    );
  });

  it('rejects with the caller’s own error when the work takes too long', async () => {
    const timedOut = new Error('"Wait" timed out after 20 ms');
    await expect(withTimeout(never(), 20, () => timedOut)).rejects.toBe(timedOut);
  });

  it('ignores a failure of the work that comes after the timeout (no unhandled rejection)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const late = new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('too late to matter')), 60),
      );
      await expect(withTimeout(late, 10, () => new Error('timed out'))).rejects.toThrow(
        'timed out',
      );
      await later(120, undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('untilAborted', () => {
  it('rejects as soon as the signal aborts, and at once when it already has', async () => {
    const controller = new AbortController();
    const pending = untilAborted(never(), controller.signal, () => new Error('aborted'));
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    await expect(
      untilAborted(later(5, 1), controller.signal, () => new Error('gone')),
    ).rejects.toThrow('gone');
  });

  it('leaves no listener on the signal once the work has settled', async () => {
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof remove;
    await expect(
      untilAborted(later(5, 'ok'), controller.signal, () => new Error('x')),
    ).resolves.toBe('ok');
    await later(0, undefined);
    expect(listeners).toBe(0);
  });
});
