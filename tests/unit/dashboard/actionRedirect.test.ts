import { describe, expect, it } from 'vitest';
import { actionRedirectTarget, appPath } from '../../../src/features/dashboard/actionRedirect';

describe('actionRedirectTarget', () => {
  it('sends a last segment of workspace-management to the management screen, keeping the query', () => {
    expect(actionRedirectTarget('/w/acme/workspace-management?id=ws-9&mode=create')).toEqual({
      screen: 'management',
      to: '/w/acme/workspace-management?id=ws-9&mode=create',
    });
    expect(actionRedirectTarget('/workspace-management/?mode=create')).toEqual({
      screen: 'management',
      to: '/workspace-management/?mode=create',
    });
  });

  it('sends anything else to the workspace screen, keeping the query', () => {
    expect(actionRedirectTarget('/w/acme/workspace?id=ws-9')).toEqual({
      screen: 'workspace',
      to: '/w/acme/workspace?id=ws-9',
    });
    // Only the last segment counts.
    expect(actionRedirectTarget('/workspace-management/w/acme/workspace?id=1').screen).toBe(
      'workspace',
    );
    // The query does not count either.
    expect(actionRedirectTarget('/w/acme/workspace?next=workspace-management').screen).toBe(
      'workspace',
    );
  });

  it('keeps an absolute URL inside the app: only its path, query and hash are followed', () => {
    expect(
      actionRedirectTarget('https://elsewhere.test/w/acme/workspace-management?mode=create'),
    ).toEqual({
      screen: 'management',
      to: '/w/acme/workspace-management?mode=create',
    });
    expect(appPath('//evil.test/w/acme/workspace?id=1#top')).toBe('/w/acme/workspace?id=1#top');
  });
});
