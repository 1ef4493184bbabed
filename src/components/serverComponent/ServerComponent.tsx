import { useContext } from 'react';
import type { ComponentNode } from '../../../protocol/components';
import { t } from '../../i18n/i18n';
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
  if (!isRecord(node)) return { ok: false, message: notAnObject(node) };
  const name = node.component;
  if (typeof name !== 'string')
    return { ok: false, message: t('Invalid component: no component name') };
  // hasOwn: 'constructor' or 'toString' must not find Object.prototype's members.
  if (!Object.hasOwn(registry, name))
    return { ok: false, message: t('Invalid component: {{name}}', { name }) };
  return { ok: true, node: node as ComponentNode, name: name as keyof typeof registry };
}

/** A list, or JavaScript's name of the type (null, string, number...). */
function notAnObject(value: unknown): string {
  if (Array.isArray(value)) return t('Invalid component: expected an object, got a list');
  return t('Invalid component: expected an object, got {{type}}', {
    type: value === null ? 'null' : typeof value,
  });
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
