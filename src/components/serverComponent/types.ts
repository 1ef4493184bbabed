import type { ComponentType, CSSProperties } from 'react';
import type { ComponentNode } from '../../../protocol/components';

/**
 * What every registered component receives: its node (already known to be an
 * object with a string `component`) and the node's `style`, already reduced to
 * the safe whitelist, for the component to put on its root element.
 */
export interface ServerComponentProps {
  node: ComponentNode;
  style: CSSProperties | undefined;
}

export type ServerComponentType = ComponentType<ServerComponentProps>;
