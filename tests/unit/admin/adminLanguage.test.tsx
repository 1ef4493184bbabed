import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeopleResponse } from '../../../protocol';
import { AdminHomePage } from '../../../src/features/admin/AdminHomePage';
import { fileTypeLabel } from '../../../src/features/admin/adminFormat';
import { formatDate } from '../../../src/i18n/format';
import { auditActionLabel } from '../../../src/features/audit/auditActions';
import { UsersPage } from '../../../src/features/people/UsersPage';
import { applyLanguage, t } from '../../../src/i18n/i18n';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';
import { adminState, pathOf, WORLD } from './drivesFixtures';

afterEach(async () => {
  await applyLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the admin pages in English and German', { timeout: 20_000 }, () => {
  it('writes dates and file types in the page’s language', async () => {
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('11/22/2026');
    expect(formatDate(undefined)).toBe('');
    expect(fileTypeLabel('notes.md', 'text/markdown', t)).toBe('Markdown document');
    expect(fileTypeLabel('photo', 'image/x-icon', t)).toBe('ICON image');
    expect(fileTypeLabel('blob.bin', 'application/octet-stream', t)).toBe('BIN file');
    expect(auditActionLabel('account-disabled', t)).toBe('Account disabled');
    expect(auditActionLabel('something-new', t)).toBe('something-new');

    await applyLanguage('de');
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('22.11.2026');
    expect(fileTypeLabel('notes.md', 'text/markdown', t)).toBe('Markdown-Dokument');
    expect(fileTypeLabel('photo', 'image/x-icon', t)).toBe('ICON-Bild');
    expect(fileTypeLabel('blob.bin', 'application/octet-stream', t)).toBe('BIN-Datei');
    expect(fileTypeLabel('blob', undefined, t)).toBe('Datei');
    expect(auditActionLabel('account-disabled', t)).toBe('Konto deaktiviert');
  });

  it('shows the admin home in German', async () => {
    await applyLanguage('de');
    renderWithProviders(<AdminHomePage />, { path: '/admin', preloadedState: adminState() });
    expect(screen.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeTruthy();
    const areas = screen.getByRole('navigation', { name: 'Verwaltungsbereiche' });
    expect(within(areas).getByText('Prüfprotokoll')).toBeTruthy();
    expect(screen.getByText('Zurück zur Startseite')).toBeTruthy();
  });

  it('shows a PIN’s secret with its address as code, in one sentence', async () => {
    const uri = 'otpauth://totp/EMgen:bo@example.org?secret=ABC&issuer=EMgen';
    const person = {
      id: 'u-bo',
      email: 'bo@example.org',
      name: 'Bo',
      created_at: '2026-11-01T10:00:00Z',
      disabled: false,
      pin: false,
      must_change_password: false,
      global_admin: false,
      worlds: [{ world_id: WORLD, name: 'Innovation Lab', is_admin: false }],
      manageable: true,
    };
    const page: PeopleResponse = {
      status: 'ok',
      scope: { kind: 'global' },
      people: [person],
      total: 1,
      worlds: [{ world_id: WORLD, name: 'Innovation Lab' }],
      self_id: 'u-ann',
    };
    stubFetch((req) => {
      if (pathOf(req) === '/api/admin/people/u-bo/pin')
        return json(200, { status: 'ok', person, totp: { secret: 'ABC', uri } });
      if (pathOf(req) === '/api/admin/people') return json(200, page);
      return json(404, { status: 'error', error: 'unexpected' });
    });
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState() });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage bo@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /bo@example.org/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Require PIN' }));
    const code = await within(dialog).findByText(uri, { selector: 'code' });
    expect(code.parentElement!.textContent).toBe(
      `They add it to an authenticator app (or scan ${uri} as a QR code); sign-in then asks for its six-digit code.`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy pin secret' })).toBeTruthy();
  });
});
