import type { Action } from '@reduxjs/toolkit';

/**
 * Redux DevTools options (README "Developers: Redux DevTools"). A meeting is
 * thousands of socket actions, so history is long, big strings are shortened
 * for DevTools only (the app keeps them whole), and heartbeats can be hidden.
 */

/** Strings longer than this are cut in DevTools. */
const MAX_STRING = 2000;
/** A run of this many base64 characters is a blob, not text. */
const BASE64_MIN = 512;
const BASE64_WHOLE = new RegExp(`^[A-Za-z0-9+/=\\r\\n]{${BASE64_MIN},}$`);
const BASE64_RUN = new RegExp(`[A-Za-z0-9+/]{${BASE64_MIN},}={0,2}`, 'g');
const DATA_URL = /data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*);base64,[A-Za-z0-9+/=]{64,}/g;
/** Deeper values are left as they are (state is never this deep; guards against odd payloads). */
const MAX_DEPTH = 64;

function shortenString(value: string): string {
  if (value.length < 64) return value;
  if (value.length >= BASE64_MIN && BASE64_WHOLE.test(value)) {
    return `<<base64, ${value.length} chars>>`;
  }
  // Inline blobs inside text or HTML: data: URLs and <emgen-component data=BASE64>.
  const text = value
    .replace(
      DATA_URL,
      (m, mime: string | undefined) => `data:${mime ?? ''};base64,<<${m.length} chars>>`,
    )
    .replace(BASE64_RUN, (m) => `<<base64, ${m.length} chars>>`);
  if (text.length > MAX_STRING) return `${text.slice(0, MAX_STRING)}… <<${value.length} chars>>`;
  return text;
}

// Redux state is immutable, so a subtree that did not change since the last
// action is the same object: its shortened copy is reused instead of walked
// again (the transcript alone can hold 10,000 messages).
const shortened = new WeakMap<object, unknown>();

/**
 * Returns the value with long strings cut and base64 blobs (whole strings,
 * data: URLs, long runs inside HTML) and binary data replaced by their size,
 * so DevTools stays fast. Never changes its argument; returns it as it is
 * when nothing needed shortening.
 */
export function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return shortenString(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  const cached = shortened.get(value);
  if (cached !== undefined) return cached;
  let out: unknown;
  if (value instanceof ArrayBuffer) out = `<<binary, ${value.byteLength} bytes>>`;
  else if (ArrayBuffer.isView(value)) out = `<<binary, ${value.byteLength} bytes>>`;
  else if (Array.isArray(value)) {
    const items = value.map((v: unknown) => shorten(v, depth + 1));
    out = items.some((v, i) => v !== value[i]) ? items : value;
  } else {
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const s = shorten(v, depth + 1);
      if (s !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = s;
    }
    out = copy ?? value;
  }
  shortened.set(value, out);
  return out;
}

// ---- settings ---------------------------------------------------------------

/** Runtime settings in localStorage (set them in the browser console, then reload). */
export const DEVTOOLS_SETTINGS = {
  /** '1': hide heartbeat actions from DevTools (they still reach the reducers). */
  hideHeartbeats: 'emgen.devtools.hideHeartbeats',
  /** How many actions DevTools keeps (default 5000). */
  maxAge: 'emgen.devtools.maxAge',
  /** 'host:port' of a @redux-devtools/cli server; 'off' ignores VITE_REMOTE_DEVTOOLS. */
  remote: 'emgen.devtools.remote',
} as const;

export const DEFAULT_MAX_AGE = 5000;

/** The heartbeat actions hidden by `emgen.devtools.hideHeartbeats`. */
export const HEARTBEAT_ACTIONS = ['cog/in/server.heartbeat', 'cog/in/cog.heartbeat'] as const;

export interface RemoteDevToolsTarget {
  hostname: string;
  port: number;
  secure: boolean;
}

export interface DevToolsSettings {
  maxAge: number;
  hideHeartbeats: boolean;
  /** The @redux-devtools/cli server to send actions to too, or null. */
  remote: RemoteDevToolsTarget | null;
}

type SettingsStore = Pick<Storage, 'getItem'>;

/**
 * 'host:port', 'ws://host:port' or 'wss://host:port' (wss/https: TLS); null
 * when empty, 'off' or not of that form.
 */
export function parseRemoteTarget(text: string | null | undefined): RemoteDevToolsTarget | null {
  const m = /^(?:(wss|ws|https|http):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})\/?$/.exec(
    (text ?? '').trim(),
  );
  if (!m) return null;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return null;
  return { hostname: m[2]!, port, secure: m[1] === 'wss' || m[1] === 'https' };
}

/** Reads the settings; the localStorage value wins over the build-time VITE_REMOTE_DEVTOOLS. */
export function readDevToolsSettings(
  storage: SettingsStore | null,
  env: { VITE_REMOTE_DEVTOOLS?: string } = {},
): DevToolsSettings {
  const get = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null; // storage can be disabled (private modes, sandboxed frames)
    }
  };
  const maxAge = Number(get(DEVTOOLS_SETTINGS.maxAge));
  const remoteSetting = get(DEVTOOLS_SETTINGS.remote);
  const remote =
    remoteSetting === 'off' ? null : parseRemoteTarget(remoteSetting ?? env.VITE_REMOTE_DEVTOOLS);
  return {
    maxAge: Number.isInteger(maxAge) && maxAge > 0 ? maxAge : DEFAULT_MAX_AGE,
    hideHeartbeats: get(DEVTOOLS_SETTINGS.hideHeartbeats) === '1',
    remote,
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Options for the DevTools extension and the remote enhancer alike. */
export function makeDevToolsOptions(settings: Pick<DevToolsSettings, 'maxAge' | 'hideHeartbeats'>) {
  return {
    name: 'EMgen',
    // A long meeting produces thousands of frames; keep enough history to scroll back through one.
    maxAge: settings.maxAge,
    actionSanitizer: <A extends Action>(action: A): A => shorten(action) as A,
    stateSanitizer: <S>(state: S): S => shorten(state) as S,
    // Patterns (regular expressions) of action types DevTools does not show.
    ...(settings.hideHeartbeats
      ? { actionsDenylist: HEARTBEAT_ACTIONS.map((t) => `^${escapeRegExp(t)}$`) }
      : {}),
  };
}

export type DevToolsOptions = ReturnType<typeof makeDevToolsOptions>;

function browserStorage(): SettingsStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The settings as they were when the app started. */
export const devToolsSettings: DevToolsSettings = readDevToolsSettings(browserStorage(), {
  // import.meta.env exists only under Vite; the bench imports the store in plain Node.
  VITE_REMOTE_DEVTOOLS: import.meta.env?.VITE_REMOTE_DEVTOOLS as string | undefined,
});

export const devToolsOptions: DevToolsOptions = makeDevToolsOptions(devToolsSettings);
