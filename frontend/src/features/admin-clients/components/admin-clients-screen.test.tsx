import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AdminTenant } from '@/api/types';
import { slugFrom, validateClientForm } from '@/components/client-form/client-form';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import AdminClientsScreen from './admin-clients-screen';

const admin = makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: [{ route: 'admin/clients', group: 'admin_clients' }] });

function tenant(overrides: Partial<AdminTenant> = {}): AdminTenant {
  return {
    slug: 'acme', name: 'Acme Ltda', kind: 'client', status: 'active', modules: ['direct_deposits'], feature_toggles: ['manual_withdraws'],
    currencies: ['BRL', 'USD'], host: 'acme.localhost', created_at: '2026-03-10T15:00:00Z', partner: 'orbita', ...overrides,
  }; // prettier-ignore
}

const renderScreen = (route = '/admin/clients') => renderScreenAt(<AdminClientsScreen route="admin/clients" homeHref="/admin/home" />, { user: admin, route });
const query = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams;
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

afterEach(() => vi.unstubAllGlobals());

describe('client form', () => {
  it('suggests a slug and checks every field', () => {
    expect(slugFrom('Órbita Pagamentos S.A.')).toBe('orbita-pagamentos-s-a');
    expect(validateClientForm({ name: '', slug: 'Bad Slug', ownerEmail: 'x', currencies: [] }).errors).toMatchObject({
      name: expect.anything(), slug: expect.anything(), ownerEmail: expect.anything(), currencies: expect.anything(),
    }); // prettier-ignore
    expect(validateClientForm({ name: ' Delta ', slug: 'delta', ownerEmail: 'o@delta.test', currencies: ['BRL'] }).body).toEqual({
      name: 'Delta', slug: 'delta', owner_email: 'o@delta.test', currencies: ['BRL'],
    }); // prettier-ignore
  });
});

describe('admin/clients', { timeout: 60_000 }, () => {
  it('lists clients with partner, status, modules, currencies; search and filters go to the URL and the API', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /admin/tenants': { items: [tenant(), tenant({ slug: 'beta', name: 'Beta SA', status: 'suspended', partner: null, modules: [], feature_toggles: [], currencies: ['BRL'] })], next_cursor: null } });
    const { search } = renderScreen('/admin/clients?status=active');
    const table = await screen.findByRole('table', { name: 'Clients and partners' });
    await within(table).findByText('Acme Ltda');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Client', 'Partner', 'Status', 'Modules and toggles', 'Currencies', 'Created', 'Actions']);
    expect(within(rows[1]!).getByText('orbita')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('direct_deposits, manual_withdraws')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('BRL, USD')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Suspended')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Reactivate Beta SA' })).toBeInTheDocument();
    expect(query(calls(fetchMock, 'GET', '/admin/tenants').at(-1)!).toString()).toBe('status=active&sort=-created_at&per_page=25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'partner');
    await waitFor(() => expect(search().get('kind')).toBe('partner'));
    await waitFor(() => expect(query(calls(fetchMock, 'GET', '/admin/tenants').at(-1)!).get('kind')).toBe('partner'));
  });

  it('creates a client and shows the one-time password once', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/tenants': { items: [], next_cursor: null },
      'POST /admin/tenants': () => jsonResponse({ tenant: tenant({ slug: 'delta-pay', name: 'Delta Pay', host: 'delta-pay.localhost', partner: null }), owner_email: 'owner@delta.test', initial_password: 'One-Time-Pass-123' }, 201),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/admin/tenants')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Company name/), 'Delta Pay');
    expect(within(dialog).getByLabelText(/Subdomain/)).toHaveValue('delta-pay');
    await user.type(within(dialog).getByLabelText(/Owner's e-mail/), 'owner@delta.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    const done = await screen.findByRole('alertdialog', { name: 'Client created' });
    expect(within(done).getByDisplayValue('One-Time-Pass-123')).toBeInTheDocument();
    const body = JSON.parse(String((calls(fetchMock, 'POST', '/admin/tenants')[0]![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toEqual({ name: 'Delta Pay', slug: 'delta-pay', kind: 'client', owner_email: 'owner@delta.test', currencies: ['BRL'] });
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('One-Time-Pass-123')).toBeNull());
  });

  it('suspends with a reason after saying what happens, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = mockFetch({
      'GET /admin/tenants': { items: [tenant()], next_cursor: null },
      'POST /admin/tenants/acme/suspend': () => (++attempts === 1 ? jsonResponse({ code: 'invalid_input', message: 'Invalid input.' }, 400) : jsonResponse(tenant({ status: 'suspended' }))),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Suspend Acme Ltda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Acme Ltda?' });
    expect(within(dialog).getByText(/logins will be refused and their open sessions ended/)).toBeInTheDocument();
    expect(within(dialog).getByText(/data .* is kept/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'chargebacks');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Invalid input.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const sent = calls(fetchMock, 'POST', '/admin/tenants/acme/suspend').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
    expect(sent).toEqual([{ reason: 'chargebacks' }, { reason: 'chargebacks' }]);
  });
});
