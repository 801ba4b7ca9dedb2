import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BankAccount, Transaction } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import { readList, writeList } from '@/components/kit/list-state';

import { staffListQuery, staffPayoutsList } from '../lib/staff-filters';
import StaffPayoutsScreen from './staff-payouts-screen';

const admin = makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: [{ route: 'admin/payout-requests', group: 'admin_home' }] });

const CLIENTS = [
  { slug: 'beta', name: 'Beta SA', kind: 'client' },
  { slug: 'orbita', name: 'Órbita', kind: 'partner' },
  { slug: 'acme', name: 'Acme Ltda', kind: 'client' },
];

const ACCOUNT = {
  id: 'bac_1',
  owner: 'company',
  holder_name: 'Acme Ltda',
  holder_document: '11222333000181',
  bank: { ispb: '00000000', compe: '001', name: 'Banco do Brasil' },
  agency: '1234',
  agency_digit: '3',
  account: '567890',
  account_digit: '0',
  account_type: 'checking',
  operation: '',
  pix_key: '',
  pix_key_type: '',
  created_at: '2026-01-01T00:00:00Z',
} as BankAccount;

function row(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'pay_00000000000000000001',
    kind: 'payout',
    client: 'acme',
    client_name: 'Acme Ltda',
    method: 'pix',
    status: 'waiting',
    amount: 123456,
    fee: 0,
    currency: 'BRL',
    name: 'Maria Silva',
    document: '39053344705',
    provider: 'sandbox_bank',
    transaction_id: '',
    created_at: '2026-03-10T15:00:00Z',
    ...overrides,
  };
}

const renderScreen = (route = '/admin/payout-requests') => renderScreenAt(<StaffPayoutsScreen route="admin/payout-requests" homeHref="/admin/home" />, { user: admin, route });

const query = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams;
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/transactions'));

afterEach(() => vi.unstubAllGlobals());

describe('staff payout filters (on the list kit)', () => {
  it('read from the URL, ignore unknown values and go back to the first page when written', () => {
    const params = new URLSearchParams('status=waiting&client=acme&date_from=2026-01-01&date_to=bad&q=pay_1&sort=amount&per_page=7&cursor=c2&back=c1&payout=pay_9');
    const state = readList(staffPayoutsList, params);
    expect(state).toMatchObject({ filters: { status: 'waiting', client: 'acme' }, dateFrom: '2026-01-01', dateTo: '', q: 'pay_1', sort: 'amount', perPage: 25 });
    expect(readList(staffPayoutsList, new URLSearchParams('status=expired')).filters.status).toBe('');
    const written = writeList(staffPayoutsList, params, { filters: { status: '' }, perPage: 50 });
    expect(written.toString()).toBe('payout=pay_9&client=acme&q=pay_1&date_from=2026-01-01&sort=amount&per_page=50');
    expect(staffListQuery(state)).toEqual({
      status: ['waiting'], tenant: 'acme', date_from: '2026-01-01', date_to: null, q: 'pay_1', sort: 'amount', per_page: 25, cursor: 'c2',
    }); // prettier-ignore
  });
});
describe('staff payout requests (employee/payout-requests, admin/payout-requests)', { timeout: 60_000 }, () => {
  it('lists the payouts of every client in scope (kind=payout) and filters them in the URL', async () => {
    const fetchMock = mockFetch({
      'GET /tenants': CLIENTS,
      'GET /transactions': (url: string) => {
        const params = new URL(url, 'http://x').searchParams;
        const items = params.get('tenant') === 'beta' ? [] : [row(), row({ id: 'pay_2', client: 'beta', client_name: 'Beta SA', method: 'ted', status: 'approved' })];
        return jsonResponse({ items, next_cursor: null });
      },
    });
    const { search } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Withdrawals of the clients' });
    await within(table).findByText('pay_00000000000000000001');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID', 'Client', 'Beneficiary', 'Withdrawal method', 'Amount', 'Status', 'Transaction ID', 'Created',
    ]); // prettier-ignore
    expect(within(rows[1]!).getByText('R$1,234.56')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Waiting')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('390.533.447-05')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Beta SA')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('TED (wire transfer)')).toBeInTheDocument();
    expect(query(listCalls(fetchMock)[0]!).getAll('kind')).toEqual(['payout']);
    expect(screen.queryByText('No records to show')).not.toBeInTheDocument();
    // Landmarks ('region') belong to the shell, which this test does not draw.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    // Only client companies are offered, by name.
    const filters = screen.getByRole('group', { name: 'Filters' });
    const clientFilter = within(filters).getByLabelText('Client');
    await waitFor(() => expect(within(clientFilter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All clients', 'Acme Ltda', 'Beta SA']));
    await userEvent.selectOptions(clientFilter, 'beta');
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'waiting');
    expect(await screen.findByText('No records to show. Use the filter above')).toBeInTheDocument();
    expect(search().get('client')).toBe('beta');
    expect(search().get('status')).toBe('waiting');
    const last = query(listCalls(fetchMock).at(-1)!);
    expect([last.get('tenant'), last.getAll('status'), last.getAll('kind')]).toEqual(['beta', ['waiting'], ['payout']]);
  });

  it('says there is nothing to show, refuses a reversed period and pages with the keyset cursor', async () => {
    const fetchMock = mockFetch({
      'GET /tenants': CLIENTS,
      'GET /transactions': (url: string) => {
        const cursor = new URL(url, 'http://x').searchParams.get('cursor');
        if (cursor === 'next-1') return jsonResponse({ items: [row({ id: 'pay_3' })], next_cursor: null });
        return jsonResponse({ items: [row()], next_cursor: 'next-1' });
      },
    });
    const { search } = renderScreen();
    await screen.findByText('pay_00000000000000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('pay_3');
    expect(search().get('cursor')).toBe('next-1');
    expect(query(listCalls(fetchMock).at(-1)!).get('cursor')).toBe('next-1');

    const filters = screen.getByRole('group', { name: 'Filters' });
    await userEvent.type(within(filters).getByLabelText('From'), '03/10/2026');
    await waitFor(() => expect(search().get('date_from')).toBe('2026-03-10'));
    await userEvent.type(within(filters).getByLabelText('Until'), '03/01/2026');
    expect(await screen.findByText('The start date must be before the end date')).toBeInTheDocument();
    expect(search().get('date_to')).toBeNull();
  });

  it('shows the empty list without filters', async () => {
    mockFetch({ 'GET /tenants': CLIENTS, 'GET /transactions': { items: [], next_cursor: null } });
    renderScreen();
    expect(await screen.findByText('No records to show')).toBeInTheDocument();
    expect(screen.getByText('Withdrawals not found')).toBeInTheDocument();
  });

  it('generates a withdraw for the chosen client and refreshes the list', async () => {
    let created = false;
    const posted: unknown[] = [];
    mockFetch({
      'GET /tenants': CLIENTS,
      'GET /admin/payouts/clients/acme/bank-accounts': [ACCOUNT],
      'GET /transactions': () => jsonResponse({ items: created ? [row({ id: 'pay_new', amount: 2500 }), row()] : [row()], next_cursor: null }),
      'POST /admin/payouts': (_url: string, init: RequestInit) => {
        posted.push(JSON.parse(String(init.body)));
        created = true;
        return jsonResponse({ id: 'pay_new', amount: 2500, currency: 'BRL', status: 'waiting' }, 201);
      },
    });
    renderScreen();
    await screen.findByText('pay_00000000000000000001');
    const generate = screen.getByRole('form', { name: 'Generate single withdrawal' });
    await userEvent.click(within(generate).getByRole('button', { name: 'Generate single withdrawal' }));
    expect(await within(generate).findByText('Choose a client first')).toBeInTheDocument();
    await waitFor(() => expect(within(generate).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(within(generate).getByLabelText(/Client of the withdrawal/), 'acme');
    await userEvent.click(within(generate).getByRole('button', { name: 'Generate single withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate single withdrawal' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(within(dialog).getByLabelText(/Bank account/), 'bac_1');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '25.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate withdrawal' }));
    expect(await screen.findByText('pay_new')).toBeInTheDocument();
    expect(posted).toEqual([expect.objectContaining({ client: 'acme', amount: 2500, bank_account_id: 'bac_1' })]);
  });
});
