import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ConsoleMessage, ConsoleResponse } from '../../../protocol';
import { baseApi } from '../../api/baseApi';
import { tKey } from '../../i18n/i18n';

/** Keys: translated where shown. */
export const FETCH_CONSOLE_FAILED = tKey('Failed to fetch console messages');
export const CLEAR_CONSOLE_FAILED = tKey('Failed to clear console messages');

const isText = (v: unknown): v is string => typeof v === 'string';

/** Keeps the entries that have the four fields of SPEC §3 "Console message". */
export function readConsoleMessages(body: unknown): ConsoleMessage[] {
  const list = (body as Partial<ConsoleResponse> | null)?.messages;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (m): m is ConsoleMessage =>
      typeof m === 'object' &&
      m !== null &&
      isText(m.time) &&
      isText(m.app_name) &&
      isText(m.from) &&
      isText(m.message),
  );
}

/** The server's error text, else the given fallback (SPEC §8 "Console"). */
export function consoleErrorText(error: unknown, fallback: string): string {
  const e = error as FetchBaseQueryError | undefined;
  if (e && 'data' in e && typeof e.data === 'object' && e.data !== null) {
    const text = (e.data as { error?: unknown }).error;
    if (isText(text) && text) return text;
  }
  return fallback;
}

/** GET /api/console and /api/console/clear for one world (SPEC §7). */
export const consoleApi = baseApi.enhanceEndpoints({ addTagTypes: ['Console'] }).injectEndpoints({
  endpoints: (build) => ({
    getConsoleMessages: build.query<ConsoleMessage[], string>({
      query: (worldId) => ({ url: '/console', params: { worldId } }),
      transformResponse: readConsoleMessages,
      providesTags: ['Console'],
    }),
    // A GET in the spec; the base query sends the CSRF header the server wants for it.
    clearConsole: build.mutation<void, string>({
      query: (worldId) => ({ url: '/console/clear', params: { worldId } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Console']),
    }),
  }),
});

export const { useGetConsoleMessagesQuery, useClearConsoleMutation } = consoleApi;
