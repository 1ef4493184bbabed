import { expect } from 'vitest';
import { COMPONENT_NAMES, type ComponentNode } from '../../protocol';
import type { TestSocket } from './harness';

/** Every node of a server-driven component tree, depth first. */
export function nodesOf(tree: ComponentNode | undefined): ComponentNode[] {
  if (!tree) return [];
  const kids: ComponentNode[] = [
    ...(Array.isArray(tree.children) ? tree.children : []),
    ...(tree.sections ?? []),
    ...(tree.columns ?? []),
    ...[tree.aside_left, tree.main, tree.aside_right].filter((n): n is ComponentNode => !!n),
  ];
  return [tree, ...kids.flatMap(nodesOf)];
}

/** Fails unless every node of the tree is one of COMPONENT_NAMES. */
export function expectKnownComponents(tree: ComponentNode | undefined): void {
  const names = nodesOf(tree).map((n) => n.component);
  expect(names.length).toBeGreaterThan(0);
  const unknown = names.filter((n) => !(COMPONENT_NAMES as readonly string[]).includes(n));
  expect(unknown).toEqual([]);
}

/** The nodes of a tree with this component name. */
export const nodesNamed = (tree: ComponentNode | undefined, name: string) =>
  nodesOf(tree).filter((n) => n.component === name);

/** All the text a tree shows (content, label, title, topic), for loose assertions. */
export const textOf = (tree: ComponentNode | undefined): string =>
  nodesOf(tree)
    .flatMap((n) => [n.title, n.label, n.topic, typeof n.content === 'string' ? n.content : ''])
    .filter(Boolean)
    .join('\n');

let seq = 0;
/**
 * Sends a request and resolves with the reply frame that carries its id
 * (whatever its typ), checking the id came back at every place clients look.
 */
export async function request(sock: TestSocket, typ: string, content: object, timeoutMs = 5000) {
  const requestId = `screen-${++seq}`;
  const reply = await new Promise<any>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer to ${typ} ${requestId}`)),
      timeoutMs,
    );
    const onMessage = () => {
      const frame = sock.frames.find((f) => f.request_id === requestId);
      if (!frame) return;
      clearTimeout(timer);
      sock.ws.off('message', onMessage);
      resolve(frame);
    };
    // Registered after the harness's own listener, so the frame is recorded first.
    sock.ws.on('message', onMessage);
    sock.send({ typ, content, requestid: requestId });
  });
  expect(reply.envelope.requestId).toBe(requestId);
  expect(reply.content.request_id).toBe(requestId);
  return reply;
}
