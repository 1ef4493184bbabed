import { commandSchema, type Command, type NamespacesResponse } from '../../../../protocol';
import { baseApi } from '../../../api/baseApi';

/** Selector values beside the named namespaces. */
export const DEFAULT_NAMESPACE = '__default__';
export const ALL_NAMESPACES = '__all__';

/** The spec's command namespace (SPEC §9 "Command namespace default: workspace"). */
export const WORKSPACE_NAMESPACE = 'workspace';

/**
 * What the page opens on: the workspace namespace when there is one (its
 * commands are the ones people run), else every namespace, never the
 * 'default' namespace that holds nothing today.
 */
export function openingNamespace(named: readonly string[] | undefined): string {
  return named?.includes(WORKSPACE_NAMESPACE) ? WORKSPACE_NAMESPACE : ALL_NAMESPACES;
}

export function readNamespaces(body: unknown): string[] {
  const list = (body as Partial<NamespacesResponse> | null)?.namespaces;
  if (!Array.isArray(list)) return [];
  return list.filter((n): n is string => typeof n === 'string' && n !== '' && n !== 'default');
}

export function readCommands(body: unknown): Command[] {
  const list = (body as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const parsed = commandSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

/** GET /api/commands/list: no query for the default namespace, all=true, or namespace=… (SPEC §7). */
export function listParams(choice: string): Record<string, string> | undefined {
  if (choice === DEFAULT_NAMESPACE) return undefined;
  if (choice === ALL_NAMESPACES) return { all: 'true' };
  return { namespace: choice };
}

export const commandsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCommandNamespaces: build.query<string[], void>({
      query: () => '/commands/namespaces',
      transformResponse: readNamespaces,
    }),
    getRegisteredCommands: build.query<Command[], string>({
      query: (choice) => {
        const params = listParams(choice);
        return params ? { url: '/commands/list', params } : { url: '/commands/list' };
      },
      transformResponse: readCommands,
    }),
  }),
});

export const { useGetCommandNamespacesQuery, useGetRegisteredCommandsQuery } = commandsApi;

/** Case-insensitive match over name, description, cog path and tags (SPEC §2). */
export function filterCommands(commands: Command[], filter: string): Command[] {
  const q = filter.trim().toLowerCase();
  if (!q) return commands;
  return commands.filter((c) =>
    [c.name, c.description, c.cogPath, ...(c.tags ?? [])].some((field) =>
      field?.toLowerCase().includes(q),
    ),
  );
}
