/**
 * The browser id the server uses to tell this tab's session apart (SPEC §7):
 * generated once per browser session and kept in sessionStorage.
 */
export const BROWSER_ID_KEY = 'emgen.browserId';

// Used when storage is unavailable (e.g. blocked in a privacy mode): the id
// then lasts as long as the page.
let memoryId: string | null = null;

export function getBrowserId(storage: Storage = sessionStorage): string {
  try {
    const stored = storage.getItem(BROWSER_ID_KEY);
    if (stored) return stored;
    const id = newId();
    storage.setItem(BROWSER_ID_KEY, id);
    return id;
  } catch {
    memoryId ??= newId();
    return memoryId;
  }
}

/** crypto.randomUUID exists only in secure contexts; a self-hosted http origin gets a v4 UUID from getRandomValues. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
