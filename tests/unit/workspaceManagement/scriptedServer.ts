import type { FakeSocket } from '../ws/fakeWebSocket';

export type Reply = { typ: string; content: unknown } | 'silent';

/**
 * Makes a fake socket answer like a server: every frame the app writes is
 * passed to `respond`; its reply comes back on the next tick with the
 * request's id, unless it is 'silent' (a server that never answers).
 */
export function scriptServer(
  socket: FakeSocket,
  respond: (frame: { typ: string; content: any }) => Reply | undefined,
) {
  const written: { typ: string; content: any }[] = [];
  const send = socket.send.bind(socket);
  socket.send = (data: string) => {
    send(data);
    const frame = JSON.parse(data);
    written.push(frame);
    const reply = respond(frame);
    if (!reply || reply === 'silent') return;
    const id = frame.requestid ?? frame.envelope?.requestId;
    setTimeout(
      () => socket.serverSend(JSON.stringify({ ...reply, ...(id ? { request_id: id } : {}) })),
      0,
    );
  };
  return written;
}

export const EXPERTS = [
  { expert_id: 'ada', name: 'Ada', keywords: ['maths'], selected: false },
  { expert_id: 'chrono', name: 'Chrono', keywords: ['time'], selected: false },
  { expert_id: 'lee', name: 'Lee', keywords: ['docs'], selected: false },
];
export const PROVIDERS = [
  {
    name: 'calculations',
    description: 'Maths',
    tools: [{ name: 'calc_evaluate', description: 'Evaluate' }],
    selected: false,
  },
  {
    name: 'web_search',
    description: 'Web',
    tools: [{ name: 'search_web', description: 'Search' }],
    selected: false,
  },
];

/** Details for a workspace that already has `experts` and `providers` chosen. */
export function details(
  frame: { typ: string },
  chosen: { experts?: string[]; providers?: string[]; name?: string } = {},
): Reply | undefined {
  if (frame.typ === 'workspace.expert.details') {
    return {
      typ: 'workspace.expert.details.response',
      content: {
        experts: EXPERTS.map((e) => ({
          ...e,
          selected: (chosen.experts ?? []).includes(e.expert_id),
        })),
        ...(chosen.name ? { workspaceName: chosen.name } : {}),
      },
    };
  }
  if (frame.typ === 'workspace.toolprovider.details') {
    return {
      typ: 'workspace.toolprovider.details.response',
      content: {
        providers: PROVIDERS.map((p) => ({
          ...p,
          selected: (chosen.providers ?? []).includes(p.name),
        })),
      },
    };
  }
  return undefined;
}

export const ok = (frame: { typ: string }): Reply => ({
  typ: `${frame.typ}.response`,
  content: { status: 'success' },
});
