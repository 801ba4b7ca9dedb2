import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PartnerClient } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import PartnerClientsPanel from './partner-clients-panel';

const partnerAdmin = makeUser({ role: 'partner_admin', userRole: 'partner_admin', home: 'partner/users', menu: [{ route: 'partner/users', group: 'partner' }] });

function client(overrides: Partial<PartnerClient> = {}): PartnerClient {
  return { slug: 'acme', name: 'Acme Ltda', status: 'active', currencies: ['BRL'], host: 'acme.localhost', created_at: '2026-03-10T15:00:00Z', ...overrides };
}

const renderPanel = (route = '/partner/users?view=clients') => renderScreenAt(<PartnerClientsPanel />, { user: partnerAdmin, route });
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

afterEach(() => vi.unstubAllGlobals());

describe("a partner's clients", { timeout: 60_000 }, () => {
  it('lists the clients with their status and offers suspend or reactivate', async () => {
    mockFetch({ 'GET /partner/clients': { items: [client(), client({ slug: 'beta', name: 'Beta SA', status: 'suspended' })], next_cursor: null } });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Clients' });
    await within(table).findByText('Acme Ltda');
    expect(within(table).getByRole('button', { name: 'Suspend Acme Ltda' })).toBeInTheDocument();
    expect(within(table).getByText('Suspended')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Reactivate Beta SA' })).toBeInTheDocument();
  });

  it("puts the server's field error on its field, then shows the one-time password once", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = mockFetch({
      'GET /partner/clients': { items: [], next_cursor: null },
      'POST /partner/clients': () =>
        ++attempts === 1
          ? jsonResponse({ code: 'invalid_input', message: 'Please check the highlighted fields.', fields: { slug: 'slug_taken' } }, 400)
          : jsonResponse({ client: client({ slug: 'delta-pay', name: 'Delta Pay', host: 'delta-pay.localhost' }), owner_email: 'owner@delta.test', initial_password: 'One-Time-Pass-123' }, 201),
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await user.type(within(dialog).getByLabelText(/Company name/), 'Delta Pay');
    expect(within(dialog).getByLabelText(/Subdomain/)).toHaveValue('delta-pay');
    await user.type(within(dialog).getByLabelText(/Owner's e-mail/), 'owner@delta.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('This subdomain is not available.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    const done = await screen.findByRole('alertdialog', { name: 'Client created' });
    expect(within(done).getByDisplayValue('One-Time-Pass-123')).toBeInTheDocument();
    const body = JSON.parse(String((calls(fetchMock, 'POST', '/partner/clients')[1]![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toEqual({ name: 'Delta Pay', slug: 'delta-pay', owner_email: 'owner@delta.test', currencies: ['BRL'] });
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('One-Time-Pass-123')).toBeNull());
  });

  it('suspends only with a reason, after saying what happens', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /partner/clients': { items: [client()], next_cursor: null },
      'POST /partner/clients/acme/suspend': () => jsonResponse(client({ status: 'suspended' })),
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Suspend Acme Ltda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Acme Ltda?' });
    expect(within(dialog).getByText(/logins will be refused/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/partner/clients/acme/suspend')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'chargebacks');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const sent = calls(fetchMock, 'POST', '/partner/clients/acme/suspend').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
    expect(sent).toEqual([{ reason: 'chargebacks' }]);
  });
});
