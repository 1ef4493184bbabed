import WebSocket from 'ws';

/**
 * Browser-like cog sockets for the benches that talk to a real server
 * (server sockets, cluster): open /api/ws/cog with a session cookie, look
 * at a workspace, wait for a frame.
 */

export const WORLD = 'innovation-lab';

/** One clock for sending and receiving in this process (ms, fractional). */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Broadcasts before the timed ones, not counted: the first ones after the
 * sockets connect run every process's sending and reading code cold (in the
 * cluster bench the first two were its slowest messages).
 */
export const WARM_UP_BROADCASTS = 2;

/** A server frame as the benches read it (the fields they look at are checked where read). */
export interface Frame {
  typ: string;
  content: Record<string, unknown>;
}

export interface BenchSocket {
  ws: WebSocket;
  /** Every frame, parsed, with the time it arrived. */
  onFrame: (frame: Frame, at: number) => void;
  /**
   * Set instead of onFrame when only the arrival matters: the raw bytes and
   * the time, with no parsing (1,000 sockets are read by one event loop here).
   */
  onRaw?: (data: Buffer, at: number) => void;
  send(frame: unknown): void;
  /** Resolves with the first frame of this typ from now on. */
  next(typ: string, ms?: number): Promise<Frame>;
}

/** A cog socket signed in with `cookie`, once the server said hello. */
export async function connect(baseUrl: string, cookie: string): Promise<BenchSocket> {
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/api/ws/cog?browser=bench&worldId=${WORLD}&version=1.0.0`,
    { headers: { cookie }, skipUTF8Validation: true },
  );
  const waiters: { typ: string; resolve: (f: Frame) => void }[] = [];
  const socket: BenchSocket = {
    ws,
    onFrame: () => undefined,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (typ, ms = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${typ} within ${ms} ms`)), ms);
        waiters.push({
          typ,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      }),
  };
  ws.on('message', (data) => {
    const at = now();
    if (socket.onRaw && !waiters.length) {
      socket.onRaw(data as Buffer, at);
      return;
    }
    const frame = JSON.parse(data.toString()) as Frame;
    socket.onFrame(frame, at);
    const i = waiters.findIndex((w) => w.typ === frame.typ);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
  });
  const hello = socket.next('server.hello');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await hello;
  return socket;
}

/** A socket looking at `workspaceId` (the context is set once a request after it is answered). */
export async function watching(
  baseUrl: string,
  cookie: string,
  workspaceId: string,
  experts?: string[],
): Promise<BenchSocket> {
  const socket = await connect(baseUrl, cookie);
  socket.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  if (experts)
    socket.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: experts } });
  const answered = socket.next('workspace.expert.details.response');
  socket.send({ typ: 'workspace.expert.details', content: {} });
  await answered;
  return socket;
}

/** `count` things made `size` at a time. */
export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>) {
  const made: T[] = [];
  for (let i = 0; i < count; i += size) {
    const batch = Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** The nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
