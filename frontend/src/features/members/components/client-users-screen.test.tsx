import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Member } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import { grantableRoles, validateInvite } from '../lib/member-form';
import MembersScreen from './client-users-screen';

const MENU = [{ route: 'clients/client-user', group: 'general' }];
const userAs = (role: string) => makeUser({ role, userRole: role, email: 'ana@acme.test', menu: MENU });

function member(overrides: Partial<Member> = {}): Member {
  return { id: 2, user_id: 12, email: 'bruno@acme.test', name: 'Bruno', role: 'client_user', is_active: true, last_login: '2026-03-10T15:00:00Z', created_at: '2026-01-10T12:00:00Z', ...overrides };
}
const MEMBERS = [
  member({ id: 1, user_id: 11, email: 'ana@acme.test', name: 'Ana', role: 'client' }),
  member(),
  member({ id: 3, user_id: 13, email: 'carla@acme.test', name: '', role: 'client', last_login: null }),
];

const renderScreen = (role = 'client') => renderScreenAt(<MembersScreen route="clients/client-user" homeHref="/clients/home" />, { user: userAs(role), route: '/clients/client-user' });
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

afterEach(() => vi.unstubAllGlobals());

describe('member form', () => {
  it('offers the owner role to owners only and checks the e-mail', () => {
    expect(grantableRoles('client')).toHaveLength(5);
    expect(grantableRoles('partner_admin', 'partner')).toEqual(['partner_admin', 'partner_support', 'partner_analyst', 'partner_providers']);
    expect(grantableRoles('partner_superadmin', 'partner')).toContain('partner');
    expect(grantableRoles('admin', 'platform')).toEqual(['admin', 'employee', 'financial', 'company', 'hms', 'editor']);
    expect(grantableRoles('client_user_admin')).not.toContain('client');
    expect(validateInvite({ email: 'nope', name: '', role: 'client_user' }).body).toBeNull();
    expect(validateInvite({ email: ' x@acme.test ', name: ' X ', role: 'client_user_analyst' }).body).toEqual({ email: 'x@acme.test', name: 'X', role: 'client_user_analyst' });
  });
});

describe('clients/client-user', { timeout: 60_000 }, () => {
  it('lists the users with role, status and last login; no actions on oneself', async () => {
    mockFetch({ 'GET /members': MEMBERS });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('bruno@acme.test');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['User', 'Role', 'Status', 'Last login', 'Added', 'Actions']);
    expect(within(rows[1]!).getByText(/\(you\)/)).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByText('User')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Never')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Deactivate carla@acme.test' })).toBeInTheDocument();
  });

  it('a client_user_admin gets no buttons on owners and cannot offer the owner role', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /members': MEMBERS });
    renderScreen('client_user_admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('carla@acme.test');
    expect(screen.queryByRole('button', { name: 'Deactivate carla@acme.test' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate bruno@acme.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    const options = within(within(dialog).getByRole('combobox', { name: 'Role' })).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(4);
    expect(options.some((text) => text?.startsWith('Owner'))).toBe(false);
  });

  it('invites with an explained role and shows the one-time password once', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /members': MEMBERS,
      'POST /members': () => jsonResponse({ ...member({ id: 9, email: 'dora@acme.test', role: 'client_user_analyst', last_login: null }), initial_password: 'Once-Only-987' }, 201),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'dora@');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Enter a valid e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'acme.test');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'client_user_analyst');
    expect(within(dialog).getAllByText(/changes nothing/).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const shown = await screen.findByRole('alertdialog', { name: 'User invited' });
    expect(within(shown).getByDisplayValue('Once-Only-987')).toBeInTheDocument();
    expect(JSON.parse(String((calls(fetchMock, 'POST', '/members')[0]![1] as RequestInit).body))).toEqual({ email: 'dora@acme.test', name: '', role: 'client_user_analyst' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Once-Only-987')).toBeNull());
  });

  it("asks before demoting and shows the API's translated refusal for the last owner", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /members': MEMBERS,
      'PATCH /members/3': () => jsonResponse({ code: 'last_owner', message: 'The account needs at least one active owner: promote someone else first.' }, 409),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Change role of carla@acme.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of carla@acme.test?' });
    expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'client_user');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText(/at least one active owner/)).toBeInTheDocument();
    expect(JSON.parse(String((calls(fetchMock, 'PATCH', '/members/3')[0]![1] as RequestInit).body))).toEqual({ role: 'client_user' });
  });

  it('deactivates after saying what happens', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /members': MEMBERS, 'PATCH /members/2': () => jsonResponse(member({ is_active: false })) });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Deactivate bruno@acme.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate bruno@acme.test?' });
    expect(within(dialog).getByText(/can no longer sign in/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(JSON.parse(String((calls(fetchMock, 'PATCH', '/members/2')[0]![1] as RequestInit).body))).toEqual({ is_active: false });
  });
});

describe('partner/users', { timeout: 60_000 }, () => {
  const PARTNER_MEMBERS = [
    member({ id: 1, user_id: 11, email: 'ana@acme.test', name: 'Ana', role: 'partner_admin' }),
    member({ id: 4, user_id: 14, email: 'owner@orbita.test', role: 'partner' }),
    member({ id: 5, user_id: 15, email: 'eva@orbita.test', role: 'partner_analyst' }),
  ];
  const renderPartner = () =>
    renderScreenAt(<MembersScreen route="partner/users" homeHref="/partner/balance" />, {
      user: makeUser({ role: 'partner_admin', userRole: 'partner_admin', email: 'ana@acme.test', menu: [{ route: 'partner/users', group: 'partner' }] }),
      route: '/partner/users',
    });

  it("invites with the partner's roles, never an owner's, and no buttons on the owner", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /members': PARTNER_MEMBERS,
      'POST /members': () => jsonResponse({ ...member({ id: 9, email: 'gil@orbita.test', role: 'partner_support', last_login: null }), initial_password: 'Once-Only-123' }, 201),
    });
    renderPartner();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('eva@orbita.test');
    expect(within(table).getByText('Analyst')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate owner@orbita.test' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate eva@orbita.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['partner_admin', 'partner_support', 'partner_analyst', 'partner_providers']);
    expect((role as HTMLSelectElement).value).toBe('partner_analyst');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'gil@orbita.test');
    await user.selectOptions(role, 'partner_support');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByDisplayValue('Once-Only-123')).toBeInTheDocument();
    expect(JSON.parse(String((calls(fetchMock, 'POST', '/members')[0]![1] as RequestInit).body))).toEqual({ email: 'gil@orbita.test', name: '', role: 'partner_support' });
  });
});

describe('admin/employees', { timeout: 60_000 }, () => {
  const STAFF = [
    member({ id: 1, user_id: 11, email: 'ana@acme.test', name: 'Ana', role: 'admin' }),
    member({ id: 6, user_id: 16, email: 'emp@cofre.test', role: 'employee' }),
    member({ id: 7, user_id: 17, email: 'fin@cofre.test', role: 'financial' }),
  ];
  const CLIENTS = [
    { slug: 'acme', name: 'Acme', kind: 'client', status: 'active', modules: [], feature_toggles: [], currencies: ['BRL'], host: 'acme.x', created_at: '2026-01-01T00:00:00Z' },
    { slug: 'beta', name: 'Beta', kind: 'client', status: 'active', modules: [], feature_toggles: [], currencies: ['BRL'], host: 'beta.x', created_at: '2026-01-01T00:00:00Z' },
    { slug: 'orbita', name: 'Orbita', kind: 'partner', status: 'active', modules: [], feature_toggles: [], currencies: ['BRL'], host: 'orbita.x', created_at: '2026-01-01T00:00:00Z' },
  ];
  const renderStaff = () =>
    renderScreenAt(<MembersScreen route="admin/employees" homeHref="/admin/home" />, {
      user: makeUser({ role: 'admin', userRole: 'admin', email: 'ana@acme.test', menu: [{ route: 'admin/employees', group: 'admin_clients' }] }),
      route: '/admin/employees',
    });

  it("shows each employee's clients, grants one and revokes one after asking", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /members': STAFF,
      'GET /admin/employees/clients': [{ user_id: 16, clients: [{ slug: 'acme', name: 'Acme' }] }],
      'GET /tenants': CLIENTS,
      'POST /admin/employees/16/clients': () => jsonResponse(CLIENTS[1]),
    });
    renderStaff();
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (await within(table).findByText('emp@cofre.test')).closest('tr')!;
    expect(await within(row as HTMLElement).findByText('Acme')).toBeInTheDocument();
    expect(within(table).getAllByText('All (by role)')).toHaveLength(2); // the admin and the financial see every client
    expect(screen.getByRole('button', { name: 'Invite staff user' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clients emp@cofre.test may see' }));
    const drawer = await screen.findByRole('dialog', { name: 'Clients of emp@cofre.test' });
    const select = within(drawer).getByRole('combobox', { name: 'Client to grant' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'beta']));
    await user.selectOptions(select, 'beta');
    await user.click(within(drawer).getByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/admin/employees/16/clients')).toHaveLength(1));
    expect(JSON.parse(String((calls(fetchMock, 'POST', '/admin/employees/16/clients')[0]![1] as RequestInit).body))).toEqual({ client: 'beta', assigned: true });
    await user.click(within(drawer).getByRole('button', { name: 'Revoke access to Acme' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke access to Acme?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/admin/employees/16/clients')).toHaveLength(2));
    expect(JSON.parse(String((calls(fetchMock, 'POST', '/admin/employees/16/clients')[1]![1] as RequestInit).body))).toEqual({ client: 'acme', assigned: false });
  });
});
