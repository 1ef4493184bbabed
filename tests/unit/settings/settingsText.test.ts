import { describe, expect, it } from 'vitest';
import { remoteTargetValid } from '../../../src/features/settings/DevToolsSection';
import { passwordChangedText } from '../../../src/features/settings/PasswordSection';
import { initialsOf } from '../../../src/features/world/initials';

describe('settings texts and checks', () => {
  it('counts the sessions a password change ended', () => {
    expect(passwordChangedText(0)).toBe('Password changed.');
    expect(passwordChangedText(1)).toBe('Password changed. 1 other session was signed out.');
    expect(passwordChangedText(3)).toBe('Password changed. 3 other sessions were signed out.');
  });

  it('takes host:port, off or nothing as a remote DevTools server', () => {
    expect(remoteTargetValid('')).toBe(true);
    expect(remoteTargetValid('off')).toBe(true);
    expect(remoteTargetValid('localhost:8000')).toBe(true);
    expect(remoteTargetValid('wss://devtools.example:443')).toBe(true);
    expect(remoteTargetValid('localhost')).toBe(false);
    expect(remoteTargetValid('a b:1')).toBe(false);
  });

  it('makes up to two initials for the avatar', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Grace Brewster Murray Hopper')).toBe('GH');
    expect(initialsOf('ann@example.org')).toBe('A');
    expect(initialsOf('   ')).toBe('');
  });
});
