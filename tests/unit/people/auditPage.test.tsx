import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../../protocol';
import { AuditPage } from '../../../src/features/audit/AuditPage';
import { adminState, paramsOf, pathOf, WORLD } from '../admin/drivesFixtures';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = (extra: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: '2026-11-28T10:00:00.000Z',
  action: 'account-disabled',
  source: 'web',
  actor_id: 'u-ann',
  actor_email: 'ann@example.org',
  target_id: 'u-bo',
  target_label: 'bo@example.org',
  world_id: null,
  ip: '10.0.0.7',
  user_agent: 'Firefox/140',
  detail: 'sessions ended',
  ...extra,
});

const EVENTS = [
  event({ id: 2 }),
  event({
    id: 1,
    action: 'app-token-created',
    source: 'cli',
    actor_id: null,
    actor_email: null,
    target_label: 'notes',
    world_id: WORLD,
    ip: null,
    user_agent: 'npm run users',
    detail: null,
  }),
];

function server(worldAdminOnly = false) {
  return stubFetch((req) => {
    if (pathOf(req) === '/api/admin/worlds')
      return json(200, {
        status: 'ok',
        worlds: [{ world_id: WORLD, name: 'Innovation Lab', members: 2, admins: 1 }],
        can_create: !worldAdminOnly,
      });
    return json(200, { status: 'ok', events: EVENTS, total: 60 });
  });
}

describe('/admin/audit', { timeout: 20_000 }, () => {
  it('lists who did what to whom, when and from where, with the words for each kind', async () => {
    server();
    renderWithProviders(<AuditPage />, { path: '/admin/audit', preloadedState: adminState() });
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('ann@example.org');
    expect(first!.textContent).toContain('Account disabled');
    expect(first!.textContent).toContain('sessions ended');
    expect(first!.textContent).toContain('bo@example.org');
    expect(first!.textContent).toContain('10.0.0.7 · Firefox/140');
    expect(second!.textContent).toContain('command line');
    expect(second!.textContent).toContain('App token created');
    expect(screen.getByText('Showing 1 to 25 of 60 results')).toBeTruthy();
  });

  it('sends the filters and the page to the server', async () => {
    const seen = server();
    renderWithProviders(<AuditPage />, { path: '/admin/audit', preloadedState: adminState() });
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.change(screen.getByLabelText('Who (email)'), { target: { value: 'ann@' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(
        seen.some(
          (r) => paramsOf(r).get('actor') === 'ann@' && paramsOf(r).get('from') === '2026-11-01',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.some((r) => paramsOf(r).get('offset') === '25')).toBe(true));
    const last = seen.filter((r) => pathOf(r) === '/api/admin/audit').at(-1)!;
    expect(paramsOf(last).get('actor')).toBe('ann@');
    expect(last.headers.get('X-World-Id')).toBe(WORLD);
  });

  it('offers no world filter to a world administrator, who sees its world only', async () => {
    server(true);
    renderWithProviders(<AuditPage />, { path: '/admin/audit', preloadedState: adminState() });
    await screen.findByRole('table', { name: 'Audit events' });
    expect(screen.getByText(`Sign-ins and administrative changes in ${WORLD}.`)).toBeTruthy();
    expect(screen.queryByLabelText('World')).toBeNull();
  });
});
