/**
 * The typ and request id of a frame refused before it was parsed (too deep,
 * too big, malformed), read off the raw text by pattern, so the error answer
 * can still name them and a call waiting for that id can fail at once instead
 * of timing out. Only the head and the tail are looked at: senders put `typ`
 * first and the request id first or last, and a refused frame may be huge.
 * Best effort: a nested key of the same name can be mistaken for the top one.
 */
const EDGE = 4096;
const TYP = /"typ"\s*:\s*"([\w.\-/]{1,100})"/;
const REQUEST_ID = /"(?:requestid|request_id)"\s*:\s*"([^"\\]{1,200})"/g;

export function peekFrameIds(raw: string): { typ?: string; requestId?: string } {
  const head = raw.slice(0, EDGE);
  const tail = raw.length > EDGE ? raw.slice(-EDGE) : '';
  const typ = TYP.exec(head)?.[1];
  // The last match of the tail (the frame's own field, after its content), else the head's first.
  const inTail = [...tail.matchAll(REQUEST_ID)].at(-1)?.[1];
  const requestId = inTail ?? [...head.matchAll(REQUEST_ID)][0]?.[1];
  return { ...(typ ? { typ } : {}), ...(requestId ? { requestId } : {}) };
}
