import type { UnknownAction } from '@reduxjs/toolkit';
import * as z from 'zod/mini';
import { formatOneDecimal } from '../../i18n/format';
import { t } from '../../i18n/i18n';
import {
  ACTION_LOG_FORMAT,
  ACTION_LOG_VERSION,
  APP_VERSION,
  type LoggedAction,
} from '../../store/actionLog/format';

/** Larger files are refused before they are read (a real session log is a few MB). */
export const MAX_LOG_BYTES = 50 * 1024 * 1024;

export interface ReplayLog {
  appVersion: string;
  recordedAt: string;
  dropped: number;
  initialState: unknown;
  entries: LoggedAction[];
}

export type ParsedLog =
  { ok: true; log: ReplayLog; warning?: string } | { ok: false; error: string };

const entrySchema = z.object({
  at: z.number(),
  action: z.looseObject({ type: z.string().check(z.minLength(1)) }),
});
const logSchema = z.looseObject({
  format: z.literal(ACTION_LOG_FORMAT),
  version: z.number(),
  appVersion: z.string(),
  recordedAt: z.string(),
  dropped: z.optional(z.number()),
  initialState: z.optional(z.unknown()),
  entries: z.array(entrySchema),
});

const major = (version: string) => version.split('.')[0];

export function checkLogSize(bytes: number): string | undefined {
  if (bytes > MAX_LOG_BYTES)
    return t('This file is too large ({{size}} MB); session logs are at most {{max}} MB.', {
      size: formatOneDecimal(bytes / 1024 / 1024),
      max: MAX_LOG_BYTES / 1024 / 1024,
    });
  return undefined;
}

/**
 * Reads a session log file: refuses anything that is not one (with the
 * reason), refuses another format version or another major app version, and
 * accepts another minor version with a warning, never silently.
 */
export function parseActionLog(text: string): ParsedLog {
  const tooLarge = checkLogSize(text.length);
  if (tooLarge) return { ok: false, error: tooLarge };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      error: t('This is not a session log: {{reason}}', { reason: (err as Error).message }),
    };
  }
  if (typeof raw === 'object' && raw !== null && 'format' in raw && 'version' in raw) {
    const { format, version } = raw as { format: unknown; version: unknown };
    if (format === ACTION_LOG_FORMAT && version !== ACTION_LOG_VERSION)
      return {
        ok: false,
        error: t(
          'Session log format version {{version}} cannot be replayed here (this app reads version {{supported}}).',
          { version: String(version), supported: ACTION_LOG_VERSION },
        ),
      };
  }
  const parsed = logSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problem = issue?.message ?? t('invalid');
    return {
      ok: false,
      error: issue?.path.length
        ? t('This is not an EMgen session log ({{problem}} at {{path}}).', {
            problem,
            path: issue.path.join('.'),
          })
        : t('This is not an EMgen session log ({{problem}}).', { problem }),
    };
  }
  const log = parsed.data;
  if (major(log.appVersion) !== major(APP_VERSION))
    return {
      ok: false,
      error: t(
        'This log was recorded by EMgen {{recorded}}; this is EMgen {{current}}, which cannot replay it.',
        { recorded: log.appVersion, current: APP_VERSION },
      ),
    };
  return {
    ok: true,
    log: {
      appVersion: log.appVersion,
      recordedAt: log.recordedAt,
      dropped: log.dropped ?? 0,
      initialState: log.initialState ?? null,
      entries: log.entries.map((e) => ({ at: e.at, action: e.action as UnknownAction })),
    },
    ...(log.appVersion !== APP_VERSION
      ? {
          warning: t(
            'Recorded by EMgen {{recorded}}; replayed in {{current}}: some screens may differ from what the user saw.',
            { recorded: log.appVersion, current: APP_VERSION },
          ),
        }
      : {}),
  };
}
