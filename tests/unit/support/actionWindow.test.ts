import { describe, expect, it } from 'vitest';
import { createActionWindow } from '../../../src/store/actionLog/actionWindow';

describe('the recorder window', () => {
  it('keeps actions with their times in order, and drops whole blocks from the front', () => {
    const kept = createActionWindow(10, 5); // blocks of two
    for (let i = 1; i <= 10; i++) kept.push(1000 + i, { type: `a${i}` }, { before: i });
    expect(kept.size).toBe(10);
    expect(kept.dropped).toBe(0);
    expect(kept.entries().map((e) => [e.at, e.action.type])).toEqual(
      Array.from({ length: 10 }, (_, i) => [1001 + i, `a${i + 1}`]),
    );

    kept.push(1011, { type: 'a11' }, { before: 11 });
    expect(kept.dropped).toBe(2);
    expect(kept.size).toBe(9);
    expect(kept.entries()[0]).toEqual({ at: 1003, action: { type: 'a3' } });
    // What a replay starts from: the state the oldest kept action applied to.
    expect(kept.startState).toEqual({ before: 3 });
    expect(kept.entries().at(-1)).toEqual({ at: 1011, action: { type: 'a11' } });
  });

  it('holds no more than its capacity, however many actions come', () => {
    const kept = createActionWindow(100, 10);
    for (let i = 0; i < 1000; i++) kept.push(i, { type: 'x' }, i);
    expect(kept.size).toBeLessThanOrEqual(100);
    expect(kept.size).toBeGreaterThanOrEqual(90);
    expect(kept.size + kept.dropped).toBe(1000);
    expect(kept.entries()[0]!.at).toBe(kept.dropped);
  });
});
