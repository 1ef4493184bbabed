import type { DeclaredCog } from '../../../protocol';
import { quoted, withoutUnsafeLinks } from '../../cog/links';
import {
  exposedId,
  exposedPath,
  type AnnotatedCog,
  type App,
  type AppRegistry,
} from '../../cog/registry';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const nonEmpty = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The names a world's directories know cogs by, read as they read them
 * (meeting/directory.ts, workspaces/providers.ts, meeting/remote.ts).
 */
const DIRECTORY_NAMES = {
  expert: {
    label: 'Expert id',
    nameOf: (cog: string, a: Record<string, unknown>) => text(a.expert_id) ?? cog,
  },
  toolprovider: {
    label: 'Tool provider',
    nameOf: (cog: string, a: Record<string, unknown>) => nonEmpty(a.name) ?? cog,
  },
  tool: { label: 'Tool', nameOf: (cog: string, a: Record<string, unknown>) => text(a.name) ?? cog },
} as const;

/** What the server tells about an app's cogs: why it refuses them, or where they are reached. */
export interface DeclaredCheck {
  problem?: string;
  /** Ids the app declared that are reached under its namespace instead; for the world's console. */
  notes: string[];
}

/**
 * The ids a browser names to reach a cog (command id, action name, flow id,
 * page path), as declared: a remote app's are exposed under its name.
 */
const ADDRESSED = [
  { kind: 'command', label: 'Command id', declared: (a: Record<string, unknown>) => a.id },
  { kind: 'action', label: 'Action', declared: (a: Record<string, unknown>) => a.name },
  { kind: 'flow', label: 'Flow id', declared: (a: Record<string, unknown>) => a.flow_id },
  { kind: 'page', label: 'Page path', declared: (a: Record<string, unknown>) => a.path },
] as const;

/** One note per declared id that is reached under another one (`units/new_chat`). */
function namespacedIds(cogs: DeclaredCog[], app: App): string[] {
  return cogs.flatMap((c) =>
    ADDRESSED.flatMap(({ kind, label, declared }) => {
      const attrs = c.annotations[kind];
      const raw = attrs ? nonEmpty(declared(attrs))?.trim() : undefined;
      if (!raw) return [];
      const exposed = kind === 'page' ? exposedPath(app, raw) : exposedId(app, raw);
      return exposed === raw
        ? []
        : [`${label} ${quoted(raw)} of app ${app.name} is reached as ${quoted(exposed)}`];
    }),
  );
}

/** The first annotation attribute (service_url, home_link, ...) that is not a safe link. */
function badLink(c: DeclaredCog): string | undefined {
  const [first] = withoutUnsafeLinks(c.annotations).dropped;
  if (!first) return undefined;
  return (
    `Cog ${c.module}/${c.cog}: ${first.where} must be an http or https URL ` +
    `or a path on this site, not ${quoted(first.value)}`
  );
}

/**
 * A name an expert, tool provider or tool of this app would share with one
 * the world already has (a built-in or another app of the world): those
 * names are stored in workspaces and given to the model, so they are not
 * rewritten; the app is refused instead.
 */
function takenName(
  cogs: DeclaredCog[],
  registry: AppRegistry,
  worldId: string,
): string | undefined {
  for (const [kind, { label, nameOf }] of Object.entries(DIRECTORY_NAMES)) {
    const taken = new Set(
      registry.annotated(kind, worldId).map((a: AnnotatedCog) => nameOf(a.cog.name, a.attrs)),
    );
    for (const c of cogs) {
      const attrs = c.annotations[kind];
      if (!attrs) continue;
      const name = nameOf(c.cog, attrs);
      if (taken.has(name)) return `${label} "${name}" is already taken`;
      taken.add(name);
    }
  }
  return undefined;
}

/** A tool must belong to one of this app's own tool providers (not a built-in's or another app's). */
function foreignProvider(cogs: DeclaredCog[]): string | undefined {
  const own = new Set(
    cogs.flatMap((c) => {
      const p = c.annotations.toolprovider;
      return p ? [DIRECTORY_NAMES.toolprovider.nameOf(c.cog, p)] : [];
    }),
  );
  for (const c of cogs) {
    const tool = c.annotations.tool;
    if (!tool) continue;
    const provider = nonEmpty(tool.provider);
    if (!provider || !own.has(provider))
      return `Tool "${DIRECTORY_NAMES.tool.nameOf(c.cog, tool)}" must name one of this app's tool providers, not ${quoted(tool.provider ?? null)}`;
  }
  return undefined;
}

/**
 * What is wrong with the cogs a remote app of world `worldId` declares: the
 * same module/cog twice, a link that is not http(s) or a path on this site
 * (javascript:, data:, //host), a tool outside the app's own providers, or an
 * expert id, tool provider or tool name the world already has. Command ids,
 * action names, flow ids and page paths are not refused: they are reached
 * under the app's name (exposedId), which the notes say.
 */
export function checkDeclaredCogs(
  cogs: DeclaredCog[],
  registry: AppRegistry,
  app: { name: string; worldId: string },
): DeclaredCheck {
  const seen = new Set<string>();
  for (const c of cogs) {
    const key = `${c.module}/${c.cog}`;
    if (seen.has(key)) return { problem: `Cog ${key} is declared twice`, notes: [] };
    seen.add(key);
  }
  const problem =
    cogs.map(badLink).find(Boolean) ??
    foreignProvider(cogs) ??
    takenName(cogs, registry, app.worldId);
  if (problem) return { problem, notes: [] };
  return { notes: namespacedIds(cogs, { name: app.name, worldId: app.worldId, cogs: [] }) };
}
