import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import type { Transaction } from '@/api/types';
import { jsonResponse, makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import TransactionsScreen from './transactions-screen';

const staff = makeUser({ role: 'employee', userRole: 'employee', home: 'employee/transactions', menu: [{ route: 'employee/transactions', group: 'general' }] });

function row(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'dep_00000000000000000001',
    kind: 'deposit',
    client: 'acme',
    client_name: 'Acme Ltda',
    method: 'pix',
    status: 'confirmed',
    amount: 123456,
    fee: 99,
    currency: 'BRL',
    name: 'Maria Silva',
    document: '39053344705',
    provider: 'sandbox',
    transaction_id: 'SBX-1',
    payout_kind: '',
    bank_name: '',
    destination: '',
    created_at: '2026-03-10T15:00:00Z',
    updated_at: '2026-03-10T15:00:00Z',
    ...overrides,
  };
}

const renderScreen = (route = '/employee/transactions') => renderScreenAt(<TransactionsScreen route="employee/transactions" homeHref="/employee/transactions" />, { user: staff, route });

const query = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams;

describe('staff transactions (employee/transactions)', { timeout: 60_000 }, () => {
  it('lists every client in scope, with the client column', async () => {
    mockFetch({
      'GET /transactions': {
        items: [row(), row({ id: 'pay_1', kind: 'payout', client: 'beta', client_name: 'Beta SA', method: 'ted', status: 'approved', amount: 5000, fee: 0, transaction_id: '' })],
        next_cursor: null,
      },
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('Acme Ltda');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID', 'Kind', 'Client', 'Method', 'Status', 'Name', 'Coin', 'Amount', 'Fee', 'Transaction ID', 'Created',
    ]);
    expect(within(rows[1]!).getByText('acme')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('R$1,234.56')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Beta SA')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Payout')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Approved')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('390.533.447-05')).toBeInTheDocument();
    // Landmarks ('region') belong to the shell, which this test does not draw.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('sends the search (?q=) and filters of the URL and writes new ones', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /transactions': { items: [], next_cursor: null },
      'GET /tenants': [{ slug: 'acme', name: 'Acme Ltda', kind: 'client' }, { slug: 'public', name: 'Cofre', kind: 'platform' }],
    });
    const calls = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('/api/transactions'));
    const { search } = renderScreen('/employee/transactions?q=TX-991&kind=deposit');
    expect(await screen.findByText('No records to show. Use the filter above')).toBeInTheDocument();
    expect(query(calls().at(-1)!).toString()).toBe('kind=deposit&q=TX-991&sort=-created_at&per_page=25');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('TX-991');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'confirmed');
    // The client is picked by name (only client companies), its slug goes to the URL.
    await screen.findByRole('option', { name: 'Acme Ltda' });
    expect(screen.queryByRole('option', { name: 'Cofre' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'acme');
    await waitFor(() => expect(search().toString()).toBe('kind=deposit&status=confirmed&tenant=acme&q=TX-991'));
    await waitFor(() => expect(query(calls().at(-1)!).get('tenant')).toBe('acme'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(await screen.findByText('No records to show')).toBeInTheDocument();
  });

  it('opens a row in a detail drawer kept in the URL', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /transactions': { items: [row({ client_name: 'Acme Ltda' })], next_cursor: null }, 'GET /tenants': [] });
    const { search } = renderScreen();
    const id = row().id;
    await user.click(await screen.findByRole('button', { name: `View details of transaction ${id}` }));
    const drawer = await screen.findByRole('dialog', { name: `Transaction ${id}` });
    expect(search().get('transaction')).toBe(id);
    expect(within(drawer).getByText(/Acme Ltda/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('transaction')).toBe(false));
  });

  it("opens a paid deposit's receipt as staff (the client in the link); an unpaid one or a payout has none", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /transactions': { items: [row(), row({ id: 'dep_2', status: 'waiting' }), row({ id: 'pay_1', kind: 'payout', status: 'paid' })], next_cursor: null },
      'GET /tenants': [],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: `View details of transaction ${row().id}` }));
    const drawer = await screen.findByRole('dialog', { name: `Transaction ${row().id}` });
    expect(within(drawer).getByRole('link', { name: 'Open receipt' })).toHaveAttribute('href', `/receipts/deposits/${row().id}?client=acme`);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    for (const id of ['dep_2', 'pay_1']) {
      await user.click(await screen.findByRole('button', { name: `View details of transaction ${id}` }));
      const other = await screen.findByRole('dialog', { name: `Transaction ${id}` });
      expect(within(other).queryByRole('link', { name: 'Open receipt' })).not.toBeInTheDocument();
      await user.click(within(other).getByRole('button', { name: 'Close' }));
    }
  });

  it('pages with the API cursor', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /transactions': (url: string) =>
        jsonResponse(
          query([url]).get('cursor') === 'c1'
            ? { items: [row({ id: 'dep_2', client_name: 'Second Page' })], next_cursor: null }
            : { items: [row({ client_name: 'First Page' })], next_cursor: 'c1' },
        ),
    });
    const { search } = renderScreen();
    await screen.findByText('First Page');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Second Page');
    expect(search().get('cursor')).toBe('c1');
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await screen.findByText('First Page');
    expect(search().has('cursor')).toBe(false);
  });

  it('shows an error with a retry', async () => {
    mockFetch({ 'GET /transactions': () => jsonResponse({ code: 'forbidden', message: 'no' }, 403) });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Transactions not found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
