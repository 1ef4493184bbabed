import { randomBytes } from 'node:crypto';
import { MIN_PASSWORD_LENGTH } from '../../protocol';
import { UserError } from '../cog/userError';
import { isDemoPassword } from '../config';

/** A password someone chose: long enough, and not the demo password everyone knows. */
export function checkNewPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new UserError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (isDemoPassword(password))
    throw new UserError('That is the demo password everyone knows; choose another.');
  return password;
}

/**
 * A temporary password an administrator hands over once: sixteen random
 * letters and digits (about 79 bits) in groups of four, with none that look
 * alike (0/o, 1/l/i), easy to read out and type.
 */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (let i = 0; i < 16; i++) {
    if (i && i % 4 === 0) out += '-';
    out += alphabet[bytes[i]! % alphabet.length];
  }
  return out;
}
