import type { ConsoleMessage } from '../../protocol';

/** Loose on purpose: anything shaped like an address is hidden, a false positive costs nothing. */
const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
export const EMAIL_HIDDEN = '[email hidden]';

/**
 * The console as a member who is not an admin sees it: other people's email
 * addresses (in "Console cleared by …", "Support log received from …", or any
 * app's text) become the account's display name, or '[email hidden]' when
 * the address is not an account's or the name is itself an address.
 */
export function redactEmails(
  messages: ConsoleMessage[],
  nameOf: (email: string) => string | undefined,
): ConsoleMessage[] {
  const names = new Map<string, string>();
  const replace = (email: string): string => {
    const key = email.toLowerCase();
    let shown = names.get(key);
    if (shown === undefined) {
      const name = nameOf(email)?.trim();
      shown = name && !name.includes('@') ? name : EMAIL_HIDDEN;
      names.set(key, shown);
    }
    return shown;
  };
  return messages.map((m) =>
    m.message.includes('@') ? { ...m, message: m.message.replace(EMAIL, replace) } : m,
  );
}
