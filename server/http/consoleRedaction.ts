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
export async function redactEmails(
  messages: ConsoleMessage[],
  nameOf: (email: string) => Promise<string | undefined>,
): Promise<ConsoleMessage[]> {
  const emails = new Set<string>();
  for (const m of messages)
    for (const e of m.message.match(EMAIL) ?? []) emails.add(e.toLowerCase());
  const shown = new Map<string, string>();
  for (const email of emails) {
    const name = (await nameOf(email))?.trim();
    shown.set(email, name && !name.includes('@') ? name : EMAIL_HIDDEN);
  }
  return messages.map((m) =>
    m.message.includes('@')
      ? { ...m, message: m.message.replace(EMAIL, (e) => shown.get(e.toLowerCase())!) }
      : m,
  );
}
