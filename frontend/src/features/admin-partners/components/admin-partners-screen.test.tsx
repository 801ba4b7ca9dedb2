import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PartnerDetail } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import AdminPartnersScreen from './admin-partners-screen';

const PARTNER = { slug: 'orbita', name: 'Órbita', status: 'active', host: 'orbita.cofre.localhost', created_at: '2026-01-10T12:00:00Z', commission_bp: 1500, clients_count: 2, users_count: 3 };
const DETAIL: PartnerDetail = {
  ...PARTNER,
  allowed_modules: [],
  allowed_toggles: [],
  fee_floors: [],
  clients: [
    { slug: 'acme', name: 'Acme', status: 'active', linked_at: '2026-01-11T12:00:00Z' },
    { slug: 'beta', name: 'Beta', status: 'suspended', linked_at: '2026-01-12T12:00:00Z' },
  ],
  users: [{ id: 1, user_id: 11, email: 'boss@orbita.test', name: '', role: 'partner_admin', is_active: true, last_login: null, created_at: '2026-01-10T12:00:00Z' }],
};
const TENANTS = ['acme', 'beta', 'gama'].map((slug) => ({ slug, name: slug.toUpperCase(), kind: 'client', status: 'active', modules: [], feature_toggles: [], currencies: ['BRL'], host: `${slug}.x`, created_at: '2026-01-01T00:00:00Z' }));

const renderScreen = () =>
  renderScreenAt(<AdminPartnersScreen route="admin/partners" homeHref="/admin/home" />, {
    user: makeUser({ role: 'admin', userRole: 'admin', menu: [{ route: 'admin/partners', group: 'admin_config' }] }),
    route: '/admin/partners',
  });
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

afterEach(() => vi.unstubAllGlobals());

describe('admin/partners', { timeout: 60_000 }, () => {
  it('lists partners with their rate and opens one: clients, users; links and unlinks after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/partners': { items: [PARTNER], next_cursor: null },
      'GET /admin/partners/orbita': DETAIL,
      'GET /tenants': TENANTS,
      'POST /admin/partners/orbita/clients': () => jsonResponse(TENANTS[2]),
      'DELETE /admin/partners/orbita/clients/beta': () => new Response(null, { status: 204 }),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(await within(table).findByText('15%')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Manage Órbita' }));
    const drawer = await screen.findByRole('dialog', { name: 'Órbita' });
    const clients = await within(drawer).findByRole('table', { name: 'Clients of Órbita' });
    expect(within(clients).getByText('Beta')).toBeInTheDocument();
    expect(within(within(drawer).getByRole('table', { name: 'Users of Órbita' })).getByText('Administrator')).toBeInTheDocument();

    const select = within(drawer).getByRole('combobox', { name: 'Client to link' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'gama']));
    await user.selectOptions(select, 'gama');
    await user.click(within(drawer).getByRole('button', { name: 'Link client' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/admin/partners/orbita/clients')).toHaveLength(1));
    expect(JSON.parse(String((calls(fetchMock, 'POST', '/admin/partners/orbita/clients')[0]![1] as RequestInit).body))).toEqual({ client: 'gama' });

    await user.click(within(clients).getByRole('button', { name: 'Unlink Beta' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unlink Beta from Órbita?' });
    expect(within(confirm).getByText(/stop seeing this client/)).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/admin/partners/orbita/clients/beta')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/admin/partners/orbita/clients/beta')).toHaveLength(1));
  });

  it('changes the commission rate after a review, and refuses a rate over 100%', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/partners': { items: [PARTNER], next_cursor: null },
      'GET /admin/partners/orbita': DETAIL,
      'GET /tenants': TENANTS,
      'PATCH /admin/partners/orbita': () => jsonResponse({ ...DETAIL, commission_bp: 1250 }),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Manage Órbita' }));
    const drawer = await screen.findByRole('dialog', { name: 'Órbita' });
    await user.click(await within(drawer).findByRole('button', { name: 'Change rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commission rate of Órbita' });
    const field = within(dialog).getByRole('textbox', { name: /^Rate/ });
    expect(field).toHaveValue('15');
    await user.clear(field);
    await user.type(field, '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The rate cannot be more than 100%.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('12.5%')).toBeInTheDocument();
    expect(calls(fetchMock, 'PATCH', '/admin/partners/orbita')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change rate' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/admin/partners/orbita')).toHaveLength(1));
    expect(JSON.parse(String((calls(fetchMock, 'PATCH', '/admin/partners/orbita')[0]![1] as RequestInit).body))).toEqual({ commission_bp: 1250 });
  });
});
