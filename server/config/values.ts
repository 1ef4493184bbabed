import { z } from 'zod';

/** Value schemas the configuration's variables share (server/config.ts, config/*.ts). */
export const port = z.coerce.number().int().min(0).max(65535);
export const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
export const url = z.url({ protocol: /^https?$/ });
export const positiveInt = z.coerce.number().int().positive();
