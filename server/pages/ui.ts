import type { AlertType, ComponentName, ComponentNode } from '../../protocol';

/**
 * Builders for server-driven screens. Every node is one of COMPONENT_NAMES
 * (the type says so), with the props protocol/components.ts lists for it.
 */
export function node(
  component: ComponentName,
  props: Omit<ComponentNode, 'component'> = {},
): ComponentNode {
  return { component, ...props };
}

type TextVariant =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'subtitle1'
  | 'subtitle2'
  | 'body1'
  | 'body2'
  | 'caption';

export const text = (content: string, variant: TextVariant = 'body1') =>
  node('Text', { content, variant });

export const markdown = (content: string) => node('Markdown', { content });

export const alert = (type: AlertType, content: string, title?: string) =>
  node('Alert', { type, content, ...(title ? { title } : {}) });

export interface ButtonProps {
  event_handler?: string;
  action?: string;
  attrs?: Record<string, unknown>;
  variant?: 'contained' | 'outlined' | 'text';
  disabled?: boolean;
}

export const button = (label: string, props: ButtonProps) =>
  node('Button', { label, variant: 'contained', ...props });

export const card = (title: string | undefined, children: ComponentNode[]) =>
  node('Card', { ...(title ? { title } : {}), children });

export const sections = (children: ComponentNode[], title?: string) =>
  node('Sections', { ...(title ? { title } : {}), sections: children });

export const columns = (children: ComponentNode[]) => node('Columns', { columns: children });

export const vspace = (height = 16) => node('VSpace', { height });

export const divider = () => node('Divider');

/** A clickable topic: the browser sends `event_handler` with attrs { topic, action: 'topic_clicked' }. */
export const topic = (name: string, event_handler = 'topic_clicked') =>
  node('Topic', { topic: name, content: name, event_handler });

/** A letter-labelled choice list; each option sends its event_handler with its attrs. */
export function optionList(
  title: string,
  options: { label: string; event_handler: string; attrs?: Record<string, unknown> }[],
): ComponentNode {
  return node('OptionList', {
    title,
    children: options.map((o, i) =>
      node('Option', {
        optionLetter: String.fromCharCode(65 + i),
        label: o.label,
        event_handler: o.event_handler,
        ...(o.attrs ? { attrs: o.attrs } : {}),
      }),
    ),
  });
}

/** User text quoted back on a screen: one line, at most max characters. */
export function clip(value: unknown, max = 80): string {
  const line = String(value).replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}
