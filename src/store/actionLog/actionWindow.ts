import type { UnknownAction } from '@reduxjs/toolkit';
import type { LoggedAction } from './format';

interface Block {
  /** The state this block's first action applied to (states are immutable: a reference). */
  startState: unknown;
  actions: UnknownAction[];
  /** When each action reached the reducers (ms since the epoch), by position. */
  times: Float64Array;
}

/**
 * The recorder's window on the session: the last `capacity` actions, kept in
 * `blockCount` blocks that remember the state they started from, so a log
 * always replays from a known state even after older actions fell out.
 *
 * Everything kept here lives for thousands of actions, so the GC copies it
 * out of the young generation and then traces it in the old one. An object
 * per entry (and a boxed number for its time) would double what it moves;
 * times sit in a typed array instead and entries are made only on export.
 */
export function createActionWindow(capacity: number, blockCount: number) {
  const blockSize = Math.ceil(capacity / blockCount);
  const blocks: Block[] = [];
  let size = 0;
  let dropped = 0;

  function push(at: number, action: UnknownAction, stateBefore: unknown): void {
    let block = blocks.at(-1);
    if (!block || block.actions.length >= blockSize) {
      block = { startState: stateBefore, actions: [], times: new Float64Array(blockSize) };
      blocks.push(block);
    }
    block.times[block.actions.length] = at;
    block.actions.push(action);
    size++;
    while (size > capacity && blocks.length > 1) {
      const oldest = blocks.shift()!;
      size -= oldest.actions.length;
      dropped += oldest.actions.length;
    }
  }

  function entries(): LoggedAction[] {
    return blocks.flatMap((b) => b.actions.map((action, i) => ({ at: b.times[i]!, action })));
  }

  return {
    push,
    entries,
    /** The state the oldest kept action applied to; undefined before anything was kept. */
    get startState(): unknown {
      return blocks[0]?.startState;
    },
    get size() {
      return size;
    },
    /** How many earlier actions fell out. */
    get dropped() {
      return dropped;
    },
  };
}
