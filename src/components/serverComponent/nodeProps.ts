import type { ComponentNode } from '../../../protocol/components';
import { t } from '../../i18n/i18n';

/**
 * Prop checks shared by the components. Each returns the message for the
 * invalid-component box (`Text: content must be a string`), or undefined when
 * the prop is fine, so a component can list its checks and show the first failure.
 */
export function requireString(node: ComponentNode, prop: string): string | undefined {
  return typeof node[prop] === 'string' ? undefined : mustBeString(node, prop);
}

/** Absent (undefined or null) is fine; present must be a string. */
export function optionalString(node: ComponentNode, prop: string): string | undefined {
  const value = node[prop];
  return value == null || typeof value === 'string' ? undefined : mustBeString(node, prop);
}

function mustBeString(node: ComponentNode, prop: string): string {
  return t('{{component}}: {{prop}} must be a string', { component: node.component, prop });
}

export function requireArray(node: ComponentNode, prop: string): string | undefined {
  return Array.isArray(node[prop])
    ? undefined
    : t('{{component}}: {{prop}} must be a list', { component: node.component, prop });
}

/** The first failing check's message. */
export function firstError(...checks: (string | undefined)[]): string | undefined {
  return checks.find((message) => message !== undefined);
}

/** A string prop, or undefined when absent or of another type. */
export function stringProp(node: ComponentNode, prop: string): string | undefined {
  const value = node[prop];
  return typeof value === 'string' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
