import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEVTOOLS_PREFERENCES, type UserSettings } from '../../../protocol';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { SettingsPage } from '../../../src/features/settings/SettingsPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';

const SETTINGS: UserSettings = {
  name: 'Ann Example',
  email: 'ann@example.org',
  avatar_color: '#4f46e5',
  theme: 'system',
  language: 'browser',
  devtools: DEFAULT_DEVTOOLS_PREFERENCES,
  pin_enabled: false,
  has_password: true,
};

/** A request's JSON body, as the tests read it. */
type Body = Record<string, unknown> | undefined;
type Answer = (req: Request, body: Body) => Response | undefined;

/** The settings calls, answered as the server does unless `answer` says otherwise. */
function settingsServer(answer: Answer = () => undefined) {
  let settings = { ...SETTINGS };
  const calls: { method: string; path: string; body: Body; csrf: string | null }[] = [];
  stubFetch(async (req) => {
    const path = new URL(req.url).pathname;
    const body = req.method === 'GET' ? undefined : ((await req.clone().json()) as Body);
    calls.push({ method: req.method, path, body, csrf: req.headers.get('X-CSRF-Token') });
    const given = answer(req, body);
    if (given) return given;
    if (path === '/api/settings' && req.method === 'GET')
      return json(200, { status: 'ok', settings });
    if (path === '/api/settings' && req.method === 'PATCH') {
      settings = { ...settings, ...body };
      return json(200, { status: 'ok', settings });
    }
    if (path === '/api/settings/password') return json(200, { status: 'ok', sessions_ended: 1 });
    if (path === '/api/settings/pin/start')
      return json(200, {
        status: 'ok',
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/EMgen:ann%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=EMgen',
      });
    if (path === '/api/settings/pin/confirm') {
      settings = { ...settings, pin_enabled: true };
      return json(200, { status: 'ok', settings });
    }
    return json(404, { status: 'error', error: 'no route' });
  });
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

function renderSettings() {
  window.history.replaceState(null, '', '/settings');
  return renderWithProviders(<SettingsPage />, {
    path: '/settings',
    preloadedState: {
      auth: {
        ...initialAuthState,
        loggedin: true,
        status: 'ok',
        user: { name: 'Ann Example', email: 'ann@example.org', theme: 'system' },
        activeWorld: 'innovation-lab',
        accessibleWorlds: [{ world_id: 'innovation-lab', name: 'Innovation Lab' }],
      },
    },
  });
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  document.cookie = 'emgen_csrf=token-123; path=/';
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

// The first render loads MUI and the page's modules: slow on a busy machine.
describe('settings page', { timeout: 20_000 }, () => {
  it('saves the display name and colour with the CSRF header, and the session shows them', async () => {
    const server = settingsServer();
    const { store } = renderSettings();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const save = within(profile).getByRole('button', { name: 'Save profile' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(profile).getByLabelText('Display name'), {
      target: { value: '  Ann Other ' },
    });
    fireEvent.click(within(profile).getByRole('radio', { name: 'Teal' }));
    fireEvent.click(save);
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const [patch] = server.to('/api/settings').filter((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      body: { name: 'Ann Other', avatar_color: '#0f766e' },
      csrf: 'token-123',
    });
    expect(store.getState().auth.user).toMatchObject({
      name: 'Ann Other',
      avatar_color: '#0f766e',
    });
  });

  it('changes the password only when the new one is long enough and repeated; says how many sessions ended', async () => {
    const server = settingsServer();
    renderSettings();
    const password = await screen.findByRole('region', { name: 'Password' });
    const change = within(password).getByRole('button', { name: 'Change password' });
    fireEvent.change(within(password).getByLabelText('Current password'), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(password).getByLabelText('New password'), {
      target: { value: 'short' },
    });
    expect((change as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(password).getByLabelText('New password'), {
      target: { value: 'new-password-1' },
    });
    fireEvent.change(within(password).getByLabelText('Repeat the new password'), {
      target: { value: 'new-password-2' },
    });
    expect(within(password).getByText('The two new passwords differ')).toBeTruthy();
    expect((change as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(password).getByLabelText('Repeat the new password'), {
      target: { value: 'new-password-1' },
    });
    fireEvent.click(change);
    expect(
      await within(password).findByText('Password changed. 1 other session was signed out.'),
    ).toBeTruthy();
    expect(server.to('/api/settings/password')[0]!.body).toEqual({
      current_password: 'old-password',
      new_password: 'new-password-1',
    });
    expect((within(password).getByLabelText('Current password') as HTMLInputElement).value).toBe(
      '',
    );
  });

  it("shows the server's refusal of a wrong current password", async () => {
    settingsServer((req) =>
      new URL(req.url).pathname === '/api/settings/password'
        ? json(403, { status: 'error', error: 'The current password is not right' })
        : undefined,
    );
    renderSettings();
    const password = await screen.findByRole('region', { name: 'Password' });
    for (const [label, value] of [
      ['Current password', 'nope'],
      ['New password', 'new-password-1'],
      ['Repeat the new password', 'new-password-1'],
    ] as const)
      fireEvent.change(within(password).getByLabelText(label), { target: { value } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('The current password is not right')).toBeTruthy();
  });

  it('enrols a PIN: shows the QR code and the secret, sends the code, and then shows it on', async () => {
    const server = settingsServer();
    renderSettings();
    const pin = await screen.findByRole('region', { name: 'PIN (authenticator code)' });
    fireEvent.click(within(pin).getByRole('button', { name: 'Set up a PIN' }));
    expect(await within(pin).findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const qr = (await within(pin).findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(qr.src.split(',')[1]!)).toContain('<svg');
    fireEvent.change(within(pin).getByLabelText('Code from the app'), {
      target: { value: ' 123 456 ' },
    });
    fireEvent.click(within(pin).getByRole('button', { name: 'Switch on PIN' }));
    expect(await screen.findByText('PIN switched on')).toBeTruthy();
    expect(server.to('/api/settings/pin/confirm')[0]!.body).toEqual({ code: '123 456' });
    await waitFor(() =>
      expect(
        within(region('PIN (authenticator code)')).getByLabelText('Current code from the app'),
      ).toBeTruthy(),
    );
  });

  it('switches the theme at once and keeps it with the account', async () => {
    const server = settingsServer();
    renderSettings();
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    fireEvent.click(within(appearance).getByRole('radio', { name: 'Dark' }));
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mui-color-scheme')).toBe('dark'),
    );
    expect(localStorage.getItem('mui-mode')).toBe('dark');
    await waitFor(() =>
      expect(server.to('/api/settings').some((c) => c.body?.theme === 'dark')).toBe(true),
    );
  });

  it('saves DevTools preferences to the account and to localStorage for the next start', async () => {
    const server = settingsServer();
    renderSettings();
    const devtools = await screen.findByRole('region', { name: 'Developer tools' });
    fireEvent.change(within(devtools).getByLabelText('Actions kept in history'), {
      target: { value: '250' },
    });
    fireEvent.click(within(devtools).getByRole('switch', { name: 'Hide heartbeat actions' }));
    fireEvent.change(within(devtools).getByLabelText('Remote monitor (this browser only)'), {
      target: { value: 'not a host' },
    });
    const save = within(devtools).getByRole('button', { name: 'Save developer tools' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(devtools).getByLabelText('Remote monitor (this browser only)'), {
      target: { value: 'localhost:8000' },
    });
    fireEvent.click(save);
    expect(
      await within(devtools).findByText('Saved. They apply when the page is reloaded.'),
    ).toBeTruthy();
    expect(server.calls.find((c) => c.body?.devtools)?.body).toEqual({
      devtools: { maxAge: 250, hideHeartbeats: true },
    });
    expect(localStorage.getItem('emgen.devtools.maxAge')).toBe('250');
    expect(localStorage.getItem('emgen.devtools.hideHeartbeats')).toBe('1');
    expect(localStorage.getItem('emgen.devtools.remote')).toBe('localhost:8000');
  });
});
