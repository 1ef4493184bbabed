import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeopleResponse, Person } from '../../../protocol';
import { UsersPage } from '../../../src/features/people/UsersPage';
import { adminState, pathOf, WORLD } from '../admin/drivesFixtures';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const person = (extra: Partial<Person> = {}): Person => ({
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
  ...extra,
});

const page = (people: Person[], extra: Partial<PeopleResponse> = {}): PeopleResponse => ({
  status: 'ok',
  scope: { kind: 'global' },
  people,
  total: people.length,
  worlds: [
    { world_id: 'acme_research', name: 'Acme Research' },
    { world_id: WORLD, name: 'Innovation Lab' },
  ],
  self_id: 'u-ann',
  ...extra,
});

const WORLDS = {
  status: 'ok',
  worlds: [{ world_id: WORLD, name: 'Innovation Lab', members: 3, admins: 1 }],
  can_create: true,
};

/** The server's answers, and every request made. */
function server(people: () => PeopleResponse, onChange?: (req: Request) => Response) {
  return stubFetch((req) => {
    const path = pathOf(req);
    if (req.method !== 'GET' && onChange) return onChange(req);
    if (path === '/api/admin/worlds') return json(200, WORLDS);
    if (path === '/api/admin/people') return json(200, people());
    return json(404, { status: 'error', error: 'unexpected' });
  });
}

// A busy machine renders MUI dialogs slowly: more than the default 5 s per test.
describe('/admin/users', { timeout: 20_000 }, () => {
  it('lists people with their worlds and state, and searches after typing stops', async () => {
    const seen = server(() =>
      page([
        person(),
        person({ id: 'u-cy', email: 'cy@example.org', name: 'Cy', disabled: true, pin: true }),
      ]),
    );
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState() });
    const table = await screen.findByRole('table', { name: 'People' });
    const cy = within(table).getByText('cy@example.org').closest('tr')!;
    expect(within(cy).getByText('Disabled')).toBeTruthy();
    expect(within(cy).getByText('PIN')).toBeTruthy();
    expect(within(cy).getByText('Innovation Lab')).toBeTruthy();
    expect(screen.getByText('Every account: you are a global administrator.')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'cy' } });
    await waitFor(() =>
      expect(seen.some((r) => new URL(r.url).searchParams.get('q') === 'cy')).toBe(true),
    );
    const asked = seen.find((r) => new URL(r.url).searchParams.get('q') === 'cy')!;
    expect(asked.headers.get('X-World-Id')).toBe(WORLD);
    expect(new URL(asked.url).searchParams.get('offset')).toBe('0');
  });

  it('is closed (403) to someone who administers nothing, asking nothing', () => {
    const seen = server(() => page([]));
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState(false) });
    expect(screen.getByText(/403 — Administrators of this world only/)).toBeTruthy();
    expect(seen.filter((r) => pathOf(r) === '/api/admin/people')).toHaveLength(0);
  });

  it('is open to a global administrator in a world it does not administer', async () => {
    server(() => page([person()]));
    const state = adminState(false);
    renderWithProviders(<UsersPage />, {
      path: '/admin/users',
      preloadedState: { auth: { ...state.auth!, globalAdmin: true } },
    });
    expect(await screen.findByRole('table', { name: 'People' })).toBeTruthy();
  });

  it('resets a password from the person’s dialog and shows the temporary one once', async () => {
    let current = person();
    const seen = server(
      () => page([current]),
      (req) => {
        current = { ...current, must_change_password: true };
        return pathOf(req) === '/api/admin/people/u-bo/reset-password'
          ? json(200, { status: 'ok', person: current, temporary_password: 'abcd-efgh-jkmn-pqrs' })
          : json(400, { status: 'error', error: 'unexpected' });
      },
    );
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState() });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage bo@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /bo@example.org/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect((await within(dialog).findByLabelText('Temporary password')).textContent).toBe(
      'abcd-efgh-jkmn-pqrs',
    );
    expect(pathOf(seen.find((r) => r.method === 'POST')!)).toBe(
      '/api/admin/people/u-bo/reset-password',
    );
    await waitFor(() =>
      expect(
        within(dialog).getByText('Temporary password', { selector: '.MuiChip-label' }),
      ).toBeTruthy(),
    );
  });

  it('says the server’s refusal in the flash and keeps the dialog as it was', async () => {
    server(
      () => page([person({ id: 'u-ann', email: 'ann@example.org', name: 'Ann' })]),
      () => json(409, { status: 'error', error: 'You cannot disable your own account' }),
    );
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState() });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /ann@example.org/ });
    expect(within(dialog).getByText(/\(you\)/)).toBeTruthy();
    // One's own account: no disabling, no deleting, no taking the global right away.
    expect(within(dialog).getByRole('button', { name: 'Disable account' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Delete account…' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Require PIN' }));
    expect(await screen.findByText('You cannot disable your own account')).toBeTruthy();
  });

  it('asks for the email typed again before deleting, and says what happens to their workspaces', async () => {
    const seen = server(
      () => page([person()]),
      () => json(200, { status: 'ok' }),
    );
    renderWithProviders(<UsersPage />, { path: '/admin/users', preloadedState: adminState() });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage bo@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: /bo@example.org/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete bo@example.org?' });
    expect(within(confirm).getByText(/Workspaces they created stay in their worlds/)).toBeTruthy();
    const button = within(confirm).getByRole('button', { name: 'Delete account' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(within(confirm).getByLabelText('Type their email to confirm'), {
      target: { value: 'BO@example.org' },
    });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    await waitFor(() => expect(seen.some((r) => r.method === 'DELETE')).toBe(true));
    const deleted = seen.find((r) => r.method === 'DELETE')!;
    expect(pathOf(deleted)).toBe('/api/admin/people/u-bo');
    expect(await deleted.clone().json()).toEqual({ confirm_email: 'BO@example.org' });
  });
});
