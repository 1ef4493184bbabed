import { describe, expect, it } from 'vitest';
import { decodeServerFrame } from '../../../protocol';

/** The decoded frame's JSON: what the session log and replays write of it. */
function decodedJson(frame: unknown): string {
  const decoded = decodeServerFrame(JSON.stringify(frame));
  if (!decoded.ok) throw new Error(decoded.reason);
  return JSON.stringify(decoded.frame);
}

describe('decodeServerFrame', () => {
  it("writes a frame's fields in the schema's order, content in its place", () => {
    const frame = {
      requestid: 'r1',
      envelope: { browserID: 'b', requestId: 'r1' },
      content: { message_id: 'm1', name: 'Ada', content: 'hi' },
      typ: 'assistant.message',
      dropped: 1,
    };
    expect(decodedJson(frame)).toBe(
      '{"typ":"assistant.message","content":{"message_id":"m1","name":"Ada","content":"hi"},' +
        '"envelope":{"requestId":"r1","browserID":"b"},"requestid":"r1"}',
    );
  });

  it('gives a frame without content an empty one, last', () => {
    expect(decodedJson({ typ: 'server.hello', requestid: 'r2' })).toBe(
      '{"typ":"server.hello","requestid":"r2","content":{}}',
    );
  });

  it('returns a frame of its own, not the parsed text', () => {
    const decoded = decodeServerFrame('{"typ":"server.heartbeat","content":{"time":1}}');
    const again = decodeServerFrame('{"typ":"server.heartbeat","content":{"time":1}}');
    expect(decoded.ok && again.ok && decoded.frame !== again.frame).toBe(true);
  });
});
