import type { ToolProvider } from '../../protocol';
import type { AppRegistry } from '../apps/registry';

export interface DirectoryProvider {
  name: string;
  description?: string;
  service_url?: string;
  tools: { name: string; description?: string }[];
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Every tool provider in the registry (cogs annotated `toolprovider`), by name,
 * each with the tools whose `tool` annotation names it as their provider.
 */
export function providerDirectory(registry: AppRegistry): Map<string, DirectoryProvider> {
  const out = new Map<string, DirectoryProvider>();
  for (const { cog, attrs } of registry.annotated('toolprovider')) {
    const name = text(attrs.name) ?? cog.name;
    const description = text(attrs.description);
    const serviceUrl = text(attrs.service_url);
    out.set(name, {
      name,
      ...(description ? { description } : {}),
      ...(serviceUrl ? { service_url: serviceUrl } : {}),
      tools: [],
    });
  }
  for (const { cog, attrs } of registry.annotated('tool')) {
    const provider = out.get(text(attrs.provider) ?? '');
    if (!provider) continue;
    const description = text(attrs.description);
    provider.tools.push({
      name: text(attrs.name) ?? cog.name,
      ...(description ? { description } : {}),
    });
  }
  return out;
}

/** The wire shape of a tool provider (SPEC §3), with whether the workspace uses it. */
export function providerOnWire(p: DirectoryProvider, selected: boolean): ToolProvider {
  return { ...p, tools: p.tools.map((t) => ({ ...t })), selected };
}
