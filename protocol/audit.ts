import * as z from 'zod/mini';

/**
 * The audit log (issue 21): every admin and security event, kept in the
 * store and listed at /admin/audit (GET /api/admin/audit).
 */

/** Every kind of event, with the words the audit page shows for it. */
export const AUDIT_ACTIONS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-in-locked': 'Sign-in locked out',
  'sign-out': 'Signed out',
  'account-created': 'Account created',
  'account-disabled': 'Account disabled',
  'account-enabled': 'Account enabled',
  'account-deleted': 'Account deleted',
  'password-reset': 'Password reset',
  'password-set': 'Password set',
  'password-changed': 'Password changed',
  'pin-required': 'PIN required',
  'pin-removed': 'PIN no longer required',
  'pin-enrolled': 'PIN enrolled',
  'pin-disabled': 'PIN switched off',
  'world-granted': 'World access granted',
  'world-revoked': 'World access revoked',
  'global-admin-granted': 'Made global admin',
  'global-admin-revoked': 'Global admin removed',
  'world-created': 'World created',
  'world-renamed': 'World renamed',
  'app-token-created': 'App token created',
  'app-token-revoked': 'App token revoked',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Where an event was done: a browser or API call, `npm run users`, a socket. */
export type AuditSource = 'web' | 'cli' | 'socket';

/** Events per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 25;

export interface AuditEvent {
  id: number;
  at: string;
  action: AuditAction;
  source: AuditSource;
  actor_id: string | null;
  actor_email: string | null;
  target_id: string | null;
  target_label: string | null;
  world_id: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
}

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/));

/** GET /api/admin/audit's query: filters, then the page. */
export const auditQuerySchema = z.object({
  /** Part of the actor's email. */
  actor: z.optional(z.string().check(z.trim(), z.maxLength(320))),
  action: z.optional(z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]])),
  world: z.optional(z.string().check(z.maxLength(64))),
  /** From this day or time on (a day: from its start, UTC). */
  from: z.optional(isoDay),
  /** Up to this day or time (a day: to its end, UTC). */
  to: z.optional(isoDay),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10_000_000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditResponse {
  status: 'ok';
  events: AuditEvent[];
  total: number;
}
