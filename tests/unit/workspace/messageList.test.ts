import { describe, expect, it } from 'vitest';
import {
  allMessages,
  emptyMessageList,
  messageAt,
  messageById,
  positionOf,
  upsertMessage,
} from '../../../src/features/workspace/messageList';
import type { TranscriptMessage } from '../../../src/features/workspace/workspaceSlice';

const msg = (id: string, content = id): TranscriptMessage => ({
  message_id: id,
  role: 'assistant',
  name: 'Ada',
  content,
  final: true,
});

describe('the transcript list', () => {
  it('appends in order and finds by id and by position across chunks', () => {
    let list = emptyMessageList();
    for (let i = 0; i < 1000; i++) list = upsertMessage(list, msg(`m${i}`));
    expect(list.size).toBe(1000);
    expect(messageAt(list, 0)?.message_id).toBe('m0');
    expect(messageAt(list, 999)?.message_id).toBe('m999');
    expect(messageAt(list, 1000)).toBeUndefined();
    expect(positionOf(list, 'm700')).toBe(700);
    expect(messageById(list, 'm257')?.content).toBe('m257');
    expect(
      allMessages(list)
        .map((m) => m.message_id)
        .slice(254, 258),
    ).toEqual(['m254', 'm255', 'm256', 'm257']);
  });

  it('replaces a message with a known id in place (a streamed answer stays one row)', () => {
    let list = emptyMessageList();
    list = upsertMessage(list, msg('a'));
    list = upsertMessage(list, msg('b', 'partial'));
    const before = list;
    list = upsertMessage(list, msg('b', 'complete'));
    expect(list.size).toBe(2);
    expect(messageAt(list, 1)?.content).toBe('complete');
    expect(messageAt(before, 1)?.content).toBe('partial');
  });

  it('shares everything it did not change', () => {
    let list = emptyMessageList();
    for (let i = 0; i < 600; i++) list = upsertMessage(list, msg(`m${i}`));
    const next = upsertMessage(list, msg('new'));
    expect(next.chunks[0]).toBe(list.chunks[0]);
    expect(next.chunks[1]).toBe(list.chunks[1]);
    expect(next.chunks[2]).not.toBe(list.chunks[2]);
    expect(next.index.filter((bucket, i) => bucket !== list.index[i])).toHaveLength(1);
  });

  it('takes ids that are names of object properties as plain ids', () => {
    let list = emptyMessageList();
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(positionOf(list, id)).toBeUndefined();
    list = upsertMessage(list, msg('constructor'));
    list = upsertMessage(list, msg('__proto__'));
    list = upsertMessage(list, msg('__proto__', 'again'));
    expect(list.size).toBe(2);
    expect(messageById(list, '__proto__')?.content).toBe('again');
    expect(positionOf(list, 'toString')).toBeUndefined();
    expect(JSON.parse(JSON.stringify(list)).size).toBe(2);
  });
});
