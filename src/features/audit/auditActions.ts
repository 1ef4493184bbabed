import type { TFunction } from 'i18next';
import type { AUDIT_ACTIONS, AuditAction } from '../../../protocol';
import { tKey } from '../../i18n/i18n';

/**
 * The words the audit page shows for each kind of event (AUDIT_ACTIONS of
 * the protocol), marked here for translation. The type keeps them the
 * protocol's words exactly: a change there fails to compile here.
 */
const AUDIT_ACTION_LABELS = {
  'sign-in': tKey('Signed in'),
  'sign-in-failed': tKey('Sign-in refused'),
  'sign-in-locked': tKey('Sign-in locked out'),
  'sign-out': tKey('Signed out'),
  'account-created': tKey('Account created'),
  'account-disabled': tKey('Account disabled'),
  'account-enabled': tKey('Account enabled'),
  'account-deleted': tKey('Account deleted'),
  'password-reset': tKey('Password reset'),
  'password-set': tKey('Password set'),
  'password-changed': tKey('Password changed'),
  'pin-required': tKey('PIN required'),
  'pin-removed': tKey('PIN no longer required'),
  'pin-enrolled': tKey('PIN enrolled'),
  'pin-disabled': tKey('PIN switched off'),
  'world-granted': tKey('World access granted'),
  'world-revoked': tKey('World access revoked'),
  'global-admin-granted': tKey('Made global admin'),
  'global-admin-revoked': tKey('Global admin removed'),
  'world-created': tKey('World created'),
  'world-renamed': tKey('World renamed'),
  'app-token-created': tKey('App token created'),
  'app-token-revoked': tKey('App token revoked'),
} as const satisfies typeof AUDIT_ACTIONS;

/** An event kind in the page's language; a kind this page does not know, as the server wrote it. */
export function auditActionLabel(action: AuditAction | string, t: TFunction): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? t(AUDIT_ACTION_LABELS[action as AuditAction])
    : action;
}
