import { useCallback, useEffect, useRef, useState } from 'react';
import { REGISTRY_APPS_CALL, applicationSchema, type Application } from '../../../../protocol';
import { t, tKey } from '../../../i18n/i18n';
import { useAppDispatch } from '../../../store/hooks';
import type { CogRequestAction } from '../../../ws/cogActions';
import { requestFrame } from '../../../ws/cogMiddleware';

/** The Applications pages wait this long for the registry (SPEC §4, §9). */
export const APPS_WAIT_MS = 5000;
export const APPS_TIMEOUT_MESSAGE = tKey('Request timed out');

/** The registered apps, from cog.call to emgen/registry/apps (admins only). */
export async function fetchApps(
  dispatch: (a: CogRequestAction) => unknown,
): Promise<Application[]> {
  const frame = await requestFrame(
    dispatch,
    'cog.call',
    { ...REGISTRY_APPS_CALL },
    {
      timeoutMs: APPS_WAIT_MS,
      timeoutMessage: t(APPS_TIMEOUT_MESSAGE),
      responseTyps: ['cog.call.response'],
    },
  );
  const content = frame.content as { status?: unknown; result?: unknown; error?: unknown } | null;
  if (frame.typ !== 'cog.call.response' || content?.status !== 'success') {
    const text = content?.error;
    throw new Error(typeof text === 'string' && text ? text : t('Failed to load applications'));
  }
  const list = Array.isArray(content.result) ? content.result : [];
  return list.flatMap((a) => {
    const parsed = applicationSchema.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

export interface AppsState {
  loading: boolean;
  apps: Application[];
  error: string | null;
}

/** Loads the apps on mount; loading lasts until the answer or 5 s. */
export function useApps() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<AppsState>({ loading: true, apps: [], error: null });
  const latest = useRef(0);

  const run = useCallback(() => {
    const mine = ++latest.current;
    fetchApps(dispatch).then(
      (apps) => {
        if (mine === latest.current) setState({ loading: false, apps, error: null });
      },
      (e: unknown) => {
        if (mine !== latest.current) return;
        const error = e instanceof Error && e.message ? e.message : t('Unknown error');
        setState({ loading: false, apps: [], error });
      },
    );
  }, [dispatch]);

  useEffect(() => run(), [run]);

  const refresh = () => {
    setState((s) => ({ ...s, loading: true, error: null }));
    run();
  };

  return { ...state, refresh };
}

/** '@kind', whether or not the registry already wrote the @. */
export const kindLabel = (kind: string) => `@${kind.replace(/^@/, '')}`;

/** Annotation kinds with their entry counts, most entries first (then by name). */
export function kindsByCount(app: Application): { kind: string; count: number }[] {
  return Object.entries(app.annotations)
    .map(([kind, entries]) => ({ kind, count: entries.length }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

export const annotationTotal = (app: Application) =>
  Object.values(app.annotations).reduce((n, entries) => n + entries.length, 0);

/** The app's process id, or 'Unknown' in the page's language. */
export const processIdText = (app: Application) =>
  app.processId === undefined || app.processId === '' ? t('Unknown') : String(app.processId);
