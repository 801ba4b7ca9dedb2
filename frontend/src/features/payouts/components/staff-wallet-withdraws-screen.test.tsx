import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Transaction } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import { readList, writeList } from '@/components/kit/list-state';

import { staffListQuery, staffPayoutsList } from '../lib/staff-filters';
import StaffWalletWithdrawsScreen from './staff-wallet-withdraws-screen';

const admin = makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: [{ route: 'admin/wallet-withdraws', group: 'admin_fees' }] });
const CLIENTS = [
  { slug: 'beta', name: 'Beta SA', kind: 'client' },
  { slug: 'orbita', name: 'Órbita', kind: 'partner' },
  { slug: 'acme', name: 'Acme Ltda', kind: 'client' },
];

function row(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'pay_00000000000000000001',
    kind: 'payout',
    payout_kind: 'wallet',
    client: 'acme',
    client_name: 'Acme Ltda',
    method: 'ted',
    status: 'paid_to_client',
    amount: 123456,
    fee: 0,
    currency: 'BRL',
    name: 'Acme Ltda',
    document: '11222333000181',
    provider: 'sandbox_bank',
    transaction_id: 'sbx_po_1',
    bank_name: 'BCO DO BRASIL S.A.',
    destination: '1234-3 / 567890-0',
    created_at: '2026-03-10T15:00:00Z',
    updated_at: '2026-03-10T15:05:00Z',
    ...overrides,
  };
}

const renderScreen = (route = '/admin/wallet-withdraws') => renderScreenAt(<StaffWalletWithdrawsScreen route="admin/wallet-withdraws" homeHref="/admin/home" />, { user: admin, route });

const query = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams;
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/transactions/wallet-withdraws'));

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
describe('admin/wallet-withdraws', { timeout: 60_000 }, () => {
  it('lists the wallet withdraws with client, amount, currency, bank/account, status and dates', async () => {
    mockFetch({
      'GET /transactions/wallet-withdraws': { items: [row(), row({ id: 'pay_2', client: 'beta', client_name: 'Beta SA', status: 'waiting', amount: 5000, destination: 'ana@example.com', bank_name: '' })], next_cursor: null },
      'GET /tenants': CLIENTS,
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Wallet withdrawals of every client' });
    await within(table).findByText('Beta SA');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID', 'Client', 'Amount', 'Currency', 'Bank / account', 'Status', 'Requested', 'Last update',
    ]);
    expect(within(rows[1]!).getByText('R$1,234.56')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('BCO DO BRASIL S.A.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1234-3 / 567890-0')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid to client')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Waiting')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('ana@example.com')).toBeInTheDocument();
    // the client filter offers client companies only
    const client = screen.getByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(client).getAllByRole('option').map((o) => o.textContent)).toEqual(['All clients', 'Acme Ltda', 'Beta SA']));
  });

  it('keeps status, client and period in the URL and sends them', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /transactions/wallet-withdraws': { items: [], next_cursor: null }, 'GET /tenants': CLIENTS });
    const { search } = renderScreen('/admin/wallet-withdraws?status=waiting');
    expect(await screen.findByText('No records to show. Use the filter above')).toBeInTheDocument();
    expect(query(listCalls(fetchMock).at(-1)!).toString()).toBe('status=waiting&sort=-created_at&per_page=25');
    await screen.findByRole('option', { name: 'Acme Ltda' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'acme');
    await user.type(screen.getByLabelText('From'), '03/01/2026');
    await waitFor(() => expect(search().toString()).toBe('status=waiting&client=acme&date_from=2026-03-01'));
    await waitFor(() => expect(query(listCalls(fetchMock).at(-1)!).get('tenant')).toBe('acme'));
    expect(query(listCalls(fetchMock).at(-1)!).get('date_from')).toBe('2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(await screen.findByText('No records to show')).toBeInTheDocument();
  });

  it("opens a row's detail (?payout=) without a cancel action", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /transactions/wallet-withdraws': { items: [row()], next_cursor: null },
      'GET /tenants': CLIENTS,
      'GET /payouts/pay_00000000000000000001': (_url: string) =>
        jsonResponse({
          id: 'pay_00000000000000000001', transaction_id: 'sbx_po_1', client: { slug: 'acme', name: 'Acme Ltda' }, kind: 'wallet',
          withdraw_method: 'ted', status: 'paid_to_client', amount: 123456, currency: 'BRL', description: '',
          beneficiary_name: 'Acme Ltda', beneficiary_document: '11222333000181', bank: { ispb: '00000000', compe: '001', name: 'BCO DO BRASIL S.A.' },
          agency: '1234', agency_digit: '3', account: '567890', account_digit: '0', account_type: 'checking', operation: '', pix_key: '',
          bank_account_id: 'bac_1', provider: 'sandbox_bank', submission_attempts: 1, approval: 'auto', created_by_id: 1, approved_by_id: null,
          rejection_reason: '', created_at: '2026-03-10T15:00:00Z', updated_at: '2026-03-10T15:05:00Z', approved_at: null, submitted_at: null,
          confirmed_at: null, finished_at: '2026-03-10T15:05:00Z', events: [], postings: [],
        }),
    });
    const { search } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Open withdrawal pay_00000000000000000001' }));
    await waitFor(() => expect(search().get('payout')).toBe('pay_00000000000000000001'));
    expect(await screen.findByRole('dialog', { name: 'Withdrawal pay_00000000000000000001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
  });
});
