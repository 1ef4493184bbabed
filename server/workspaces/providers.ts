import { safeLinkUrl, type ToolProvider } from '../../protocol';
import type { App, AppRegistry } from '../cog/registry';

export interface DirectoryProvider {
  name: string;
  description?: string;
  service_url?: string;
  tools: { name: string; description?: string }[];
  /** An MCP server's resources and prompts (annotations mcpresource / mcpprompt). */
  resources?: { name: string; description?: string }[];
  prompts?: { name: string; description?: string }[];
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Every tool provider world `worldId` sees (cogs annotated `toolprovider`), by
 * name, each with the tools of the same app whose `tool` annotation names it as
 * their provider. A built-in keeps its name even if another cog claims it; a
 * service_url that is not http(s) or a path on this site is left out.
 */
export function providerDirectory(
  registry: AppRegistry,
  worldId: string,
): Map<string, DirectoryProvider> {
  const out = new Map<string, DirectoryProvider>();
  const ownerOf = new Map<string, App>();
  for (const { app, cog, attrs } of registry.annotated('toolprovider', worldId)) {
    const name = text(attrs.name) ?? cog.name;
    if (out.has(name)) continue;
    const description = text(attrs.description);
    const serviceUrl = safeLinkUrl(attrs.service_url) && text(attrs.service_url);
    ownerOf.set(name, app);
    out.set(name, {
      name,
      ...(description ? { description } : {}),
      ...(serviceUrl ? { service_url: serviceUrl } : {}),
      tools: [],
    });
  }
  for (const { app, cog, attrs } of registry.annotated('tool', worldId)) {
    const provider = out.get(text(attrs.provider) ?? '');
    if (!provider || ownerOf.get(provider.name) !== app) continue;
    const description = text(attrs.description);
    provider.tools.push({
      name: text(attrs.name) ?? cog.name,
      ...(description ? { description } : {}),
    });
  }
  for (const [kind, field] of [
    ['mcpresource', 'resources'],
    ['mcpprompt', 'prompts'],
  ] as const) {
    for (const { app, cog, attrs } of registry.annotated(kind, worldId)) {
      const provider = out.get(text(attrs.provider) ?? '');
      if (!provider || ownerOf.get(provider.name) !== app) continue;
      const description = text(attrs.description);
      (provider[field] ??= []).push({ name: cog.name, ...(description ? { description } : {}) });
    }
  }
  return out;
}

/** The wire shape of a tool provider (SPEC §3), with whether the workspace uses it. */
export function providerOnWire(p: DirectoryProvider, selected: boolean): ToolProvider {
  return {
    ...p,
    tools: p.tools.map((t) => ({ ...t })),
    ...(p.resources ? { resources: p.resources.map((r) => ({ ...r })) } : {}),
    ...(p.prompts ? { prompts: p.prompts.map((r) => ({ ...r })) } : {}),
    selected,
  };
}
