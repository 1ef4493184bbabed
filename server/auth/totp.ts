import { generateSecret, generateURI, verify } from 'otplib';

/** Accept the code of the previous and next 30 s step too, for clock drift. */
const TOLERANCE_SECONDS = 30;

/** A new TOTP secret and the otpauth:// URI an authenticator app scans. */
export function newTotp(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: 'EMgen', label: email, secret }) };
}

export async function verifyPin(secret: string, pin: string | null | undefined): Promise<boolean> {
  const token = (pin ?? '').replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
  return result.valid;
}
