import { useContext } from 'react';
import type { ComponentNode } from '../../../protocol/components';
import { DefaultScreenProvider } from './DefaultScreenProvider';
import { InvalidComponent } from './InvalidComponent';
import { NodeErrorBoundary } from './NodeErrorBoundary';
import { isRecord } from './nodeProps';
import { registry } from './registry';
import { safeStyle } from './safeStyle';
import { ServerScreenContext } from './screenContext';

type Lookup =
  { ok: true; node: ComponentNode; name: keyof typeof registry } | { ok: false; message: string };

function lookUp(node: unknown): Lookup {
  if (!isRecord(node))
    return { ok: false, message: `Invalid component: expected an object, got ${describe(node)}` };
  const name = node.component;
  if (typeof name !== 'string')
    return { ok: false, message: 'Invalid component: no component name' };
  // hasOwn: 'constructor' or 'toString' must not find Object.prototype's members.
  if (!Object.hasOwn(registry, name)) return { ok: false, message: `Invalid component: ${name}` };
  return { ok: true, node: node as ComponentNode, name: name as keyof typeof registry };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'a list' : typeof value;
}

function ServerNode({ node }: { node: unknown }) {
  const found = lookUp(node);
  if (!found.ok) return <InvalidComponent message={found.message} />;
  const Rendered = registry[found.name];
  return (
    <NodeErrorBoundary name={found.name} node={node}>
      <Rendered node={found.node} style={safeStyle(found.node.style)} />
    </NodeErrorBoundary>
  );
}

/**
 * Renders a server-driven component tree (SPEC §3 "Component node"). Anything
 * can arrive here, so the node is checked first; an unknown or broken node
 * becomes a small invalid box and its siblings still render. Without a
 * ServerScreenProvider above, the tree gets a default screen that logs events.
 */
export function ServerComponent({ node }: { node: unknown }) {
  const screen = useContext(ServerScreenContext);
  if (!screen)
    return (
      <DefaultScreenProvider>
        <ServerNode node={node} />
      </DefaultScreenProvider>
    );
  return <ServerNode node={node} />;
}
