import { generateSecret, generateURI, verify } from 'otplib';

/** Accept the code of the previous and next 30 s step too, for clock drift. */
const TOLERANCE_SECONDS = 30;

/** A new TOTP secret and the otpauth:// URI an authenticator app scans. */
export function newTotp(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: 'EMgen', label: email, secret }) };
}

/**
 * The RFC 6238 time step the code belongs to when it is right, else undefined.
 * The caller spends the step (UsersRepository.spendTotpStep) so a code works once.
 */
export async function verifyPin(
  secret: string,
  pin: string | null | undefined,
): Promise<number | undefined> {
  const token = (pin ?? '').replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
