import { applyStandardHeaders } from '../../api/requestHeaders';
import { t } from '../../i18n/i18n';
import { parseActionLog, type ParsedLog } from './parseActionLog';

/** A support log from the server (admins of its world), read like a file the user loaded. */
export async function fetchSupportLog(worldId: string, id: string): Promise<ParsedLog> {
  const headers = applyStandardHeaders(new Headers(), worldId);
  try {
    const res = await fetch(`/api/support/logs/${encodeURIComponent(id)}`, {
      headers,
      credentials: 'same-origin',
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      const reason = typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`;
      return { ok: false, error: t('Could not load the support log: {{reason}}', { reason }) };
    }
    return parseActionLog(await res.text());
  } catch (err) {
    return {
      ok: false,
      error: t('Could not load the support log: {{reason}}', { reason: (err as Error).message }),
    };
  }
}
