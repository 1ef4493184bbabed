import { randomBytes } from 'node:crypto';
import { DEMO_ADMIN_PASSWORD } from '../config';

/** The first admin's password: the configured one, else the demo one locally, else random. */
export function firstAdminPassword(config: {
  ADMIN_PASSWORD?: string;
  production: boolean;
}): string {
  if (config.ADMIN_PASSWORD) return config.ADMIN_PASSWORD;
  // 18 random bytes: 24 URL-safe characters, shown once at first start.
  return config.production ? randomBytes(18).toString('base64url') : DEMO_ADMIN_PASSWORD;
}

export const demoPasswordRefused = (email: string) =>
  `This account still has the demo password, which a production server does not accept. ` +
  `An administrator must set a new one: npm run users -- set-password ${email}`;
