import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { type Location, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { EMPTY_SUMMARY, makeDeposit, makeDetail, pathOf, queryOf } from '../testing/fixtures';
import DepositsScreen from './deposits-screen';

function renderScreen(route = '/clients/payments', locale: Locale = 'en') {
  const seen: { location?: Location } = {};
  function Probe() {
    seen.location = useLocation();
    return null;
  }
  renderWithProviders(
    <SessionProvider user={makeUser()}>
      <DepositsScreen route="clients/payments" homeHref="/clients/home" />
      <Probe />
    </SessionProvider>,
    { route, locale },
  );
  return { search: () => new URLSearchParams(seen.location!.search) };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter((call) => pathOf(call) === '/api/deposits');

// Full screens with Chakra components: a generous timeout for a busy CI machine.
describe('deposits screen (clients/payments)', { timeout: 60_000 }, () => {
  it('lists the deposits the API answers with the columns of the spec', async () => {
    mockFetch({
      'GET /deposits': {
        items: [
          makeDeposit(),
          makeDeposit({ id: 'dep_00000000000000000002', method: 'pix', status: 'confirmed', amount: 5000, fee: 0, due_date: null, payer_name: 'Acme Ltda', payer_document: '12ABC34501DE35', provider_reference: '' }),
        ],
        next_cursor: null,
      },
      'GET /deposits/summary': EMPTY_SUMMARY,
    });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    await within(table).findByText('Maria Silva');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID', 'Type', 'Status', 'Client', 'Coin', 'Amount', 'Fee', 'Due date', 'Transaction ID', 'Created',
    ]);
    const first = within(rows[1]!);
    expect(first.getByRole('button', { name: 'View details of deposit dep_00000000000000000001' })).toBeInTheDocument();
    expect(first.getByText('Billet')).toBeInTheDocument();
    expect(first.getByText('Pending')).toBeInTheDocument();
    expect(first.getByText('390.533.447-05')).toBeInTheDocument();
    expect(first.getByText('R$1,234.56')).toBeInTheDocument();
    expect(first.getByText('R$2.50')).toBeInTheDocument();
    expect(first.getByText('3/20/26')).toBeInTheDocument();
    expect(first.getByText('SBX-778899')).toBeInTheDocument();
    const second = within(rows[2]!);
    expect(second.getByText('PIX')).toBeInTheDocument();
    expect(second.getByText('Confirmed')).toBeInTheDocument();
    expect(second.getByText('12.ABC.345/01DE-35')).toBeInTheDocument();
    // one page: the range, and no page to go to
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('formats money and dates for pt-BR', async () => {
    mockFetch({ 'GET /deposits': { items: [makeDeposit({ currency: 'USD' })], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen('/clients/payments', 'pt-BR');
    const table = await screen.findByRole('table', { name: 'Depósitos' });
    await within(table).findByText('Maria Silva');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText(/US\$\s1\.234,56/)).toBeInTheDocument();
    expect(within(row).getByText('20/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('Pendente')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    mockFetch({ 'GET /deposits': () => new Promise<Response>(() => undefined), 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByTestId('skeleton-row')).toHaveLength(10);
  });

  it('reads every filter from the URL and sends it to the API', async () => {
    const fetchMock = mockFetch({ 'GET /deposits': { items: [], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen('/clients/payments?status=pending&status=confirmed&method=pix&currency=USD&date_from=2026-01-01&date_to=2026-01-31&amount_min=100000&amount_max=250050&q=maria&sort=-amount&per_page=50');
    await screen.findByText('No records to show. Use the filter above');
    expect(queryOf(listCalls(fetchMock).at(-1)!).toString()).toBe(
      'status=pending&status=confirmed&method=pix&currency=USD&date_from=2026-01-01&date_to=2026-01-31&amount_min=100000&amount_max=250050&q=maria&sort=-amount&per_page=50',
    );
    const summary = fetchMock.mock.calls.filter((call) => pathOf(call) === '/api/deposits/summary');
    expect(queryOf(summary[0]!).getAll('currency')).toEqual(['USD']);
    expect(queryOf(summary[0]!).has('sort')).toBe(false);

    expect(screen.getByRole('button', { name: 'Status Pending, Confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Type PIX' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Currency USD' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('01/01/2026');
    expect(screen.getByLabelText('Until')).toHaveValue('01/31/2026');
    expect(screen.getByRole('textbox', { name: 'Minimum amount' })).toHaveValue('1,000.00');
    expect(screen.getByRole('textbox', { name: 'Maximum amount' })).toHaveValue('2,500.50');
    expect(screen.getByRole('searchbox', { name: 'Search deposits' })).toHaveValue('maria');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-amount');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
  });

  it('writes the filters to the URL (amounts typed in pt-BR, sent as centavos) and starts over at page one', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /deposits': { items: [makeDeposit()], next_cursor: 'c1' },
      'GET /deposits/summary': EMPTY_SUMMARY,
    });
    const { search } = renderScreen('/clients/payments?cursor=c9&back=c8', 'pt-BR');
    await screen.findByText('Maria Silva');

    await user.type(screen.getByRole('textbox', { name: 'Valor mínimo' }), '1.234,56');
    await user.type(screen.getByRole('textbox', { name: 'Valor máximo' }), '12,345');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    // "12,345" in pt-BR has three decimal places: refused, nothing applied
    expect(await screen.findByText('Use no máximo duas casas decimais, como 1.234,56')).toBeInTheDocument();
    expect(search().has('amount_min')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Valor máximo' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(search().toString()).toBe('amount_min=123456'));
    // Status, type: menus of checkboxes that apply at once (the amount stays).
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Confirmado' }));
    await waitFor(() => expect(search().getAll('status')).toEqual(['confirmed']));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Expirado' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Boleto' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(search().toString()).toBe('status=confirmed&status=expired&method=billet&amount_min=123456'));
    await waitFor(() => expect(queryOf(listCalls(fetchMock).at(-1)!).getAll('status')).toEqual(['confirmed', 'expired']));
    expect(queryOf(listCalls(fetchMock).at(-1)!).get('amount_min')).toBe('123456');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar depósitos' }), '12.ABC.345/01DE-35{Enter}');
    await waitFor(() => expect(search().get('q')).toBe('12.ABC.345/01DE-35'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'due_date');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Por página' }), '100');
    await waitFor(() => expect(search().get('per_page')).toBe('100'));
    expect(search().get('sort')).toBe('due_date');
    expect(search().get('status')).toBe('confirmed');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(search().toString()).toBe('sort=due_date&per_page=100'));
    expect(screen.getByRole('button', { name: 'Status Qualquer' })).toBeInTheDocument();
  });

  it('walks keyset pages with Next and Previous through a cursor stack in the URL', async () => {
    const user = userEvent.setup();
    const pages: Record<string, { items: ReturnType<typeof makeDeposit>[]; next_cursor: string | null }> = {
      '': { items: [makeDeposit({ id: 'dep_a', payer_name: 'Page One' })], next_cursor: 'c1' },
      c1: { items: [makeDeposit({ id: 'dep_b', payer_name: 'Page Two' })], next_cursor: 'c2' },
      c2: { items: [makeDeposit({ id: 'dep_c', payer_name: 'Page Three' })], next_cursor: null },
    };
    const fetchMock = mockFetch({
      'GET /deposits': (url: string) => jsonResponse(pages[new URL(url, 'http://x').searchParams.get('cursor') ?? '']),
      'GET /deposits/summary': EMPTY_SUMMARY,
    });
    const { search } = renderScreen('/clients/payments?status=pending');
    await screen.findByText('Page One');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByTestId('list-range')).toHaveTextContent(/^1–1\b/);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page Two');
    expect(search().toString()).toBe('status=pending&cursor=c1');
    expect(within(nav).getByTestId('list-range')).toHaveTextContent(/^26–26\b/);

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page Three');
    expect(search().toString()).toBe('status=pending&back=c1&cursor=c2');
    expect(within(nav).getByTestId('list-range')).toHaveTextContent(/^51–51\b/);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(queryOf(listCalls(fetchMock).at(-1)!).get('status')).toBe('pending');

    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page Two');
    expect(search().toString()).toBe('status=pending&cursor=c1');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page Three');
    // The first-page button leaves the cursor stack at once.
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    await screen.findByText('Page One');
    expect(search().toString()).toBe('status=pending');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Page Two');

    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page One');
    expect(search().toString()).toBe('status=pending');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('says "No records to show" when there is nothing at all', async () => {
    mockFetch({ 'GET /deposits': { items: [], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen('/clients/payments?sort=amount');
    expect(await screen.findByRole('status')).toHaveTextContent('No records to show');
    expect(screen.queryByText(/Use the filter above/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "Use the filter above" when the filters match nothing', async () => {
    mockFetch({ 'GET /deposits': { items: [], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen('/clients/payments?status=refunded', 'pt-BR');
    expect(await screen.findByText('Nenhum registro para exibir. Use o filtro acima')).toBeInTheDocument();
  });

  it('shows "Deposits not found" when the list fails, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /deposits': () => (fail ? jsonResponse({ code: 'internal_error', message: 'boom' }, 500) : jsonResponse({ items: [makeDeposit()], next_cursor: null })),
      'GET /deposits/summary': EMPTY_SUMMARY,
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deposits not found');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Maria Silva')).toBeInTheDocument();
  });

  it('sums the filtered set per currency', async () => {
    const fetchMock = mockFetch({
      'GET /deposits': { items: [makeDeposit()], next_cursor: null },
      'GET /deposits/summary': {
        count: 1236,
        currencies: [
          { currency: 'BRL', count: 1234, amount: 987654321, fee: 123456, average_ticket: 800368 },
          { currency: 'USD', count: 2, amount: 10000, fee: 0, average_ticket: 5000 },
        ],
      },
    });
    renderScreen('/clients/payments?status=confirmed');
    const summary = await screen.findByRole('region', { name: 'Summary of the filtered deposits' });
    await within(summary).findByLabelText('Deposits in BRL');
    expect(within(summary).getByText('1,234')).toBeInTheDocument();
    expect(within(summary).getByText('R$9,876,543.21')).toBeInTheDocument();
    expect(within(summary).getByText('R$1,234.56')).toBeInTheDocument();
    expect(within(summary).getByText('R$8,003.68')).toBeInTheDocument();
    expect(within(summary).getByLabelText('Deposits in USD')).toBeInTheDocument();
    // The range counts the filtered set from the summary.
    expect(await screen.findByText('1–1 of 1,236')).toBeInTheDocument();
    expect(within(summary).getByText('$100.00')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter((call) => pathOf(call) === '/api/deposits/summary').map(queryOf);
    expect(calls.map((q) => q.toString())).toEqual(['status=confirmed']); // one call: the API groups by currency
  });

  it('opens a deposit with its timeline and the movements of the client\'s balance, the id in the URL', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /deposits': { items: [makeDeposit()], next_cursor: null },
      'GET /deposits/summary': EMPTY_SUMMARY,
      'GET /deposits/dep_00000000000000000001': makeDetail(),
    });
    const { search } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'View details of deposit dep_00000000000000000001' }));
    expect(search().get('deposit')).toBe('dep_00000000000000000001');
    const drawer = await screen.findByRole('dialog', { name: 'Deposit dep_00000000000000000001' });
    expect(await within(drawer).findByText('Waiting to Confirmed')).toBeInTheDocument();
    expect(within(drawer).getByText('Created as Waiting')).toBeInTheDocument();
    expect(within(drawer).getByText('paid at the bank')).toBeInTheDocument();
    // The client's own balances only (no platform accounts, no ledger codes), money in signed +.
    const movements = within(drawer).getByRole('table', { name: 'Movements of your balance' });
    const rows = within(movements).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringContaining('Payment received, less the feeTo be settled+R$1,232.06'),
      expect.stringContaining('SettledTo be settled-R$1,232.06'),
      expect.stringContaining('SettledAvailable+R$1,232.06'),
    ]);
    expect(within(drawer).queryByText(/platform:|tenant:/)).not.toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Typed line' })).toHaveValue('23790.12345 60000.123456 78901.234567 1 23450000123456');
    expect(within(drawer).getByRole('link', { name: 'Open printable billet' })).toHaveAttribute('href', '/api/deposits/dep_00000000000000000001/document');

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('deposit')).toBe(false));
  });

  it.each([
    ['its display name', 'Sandbox bank', 'Sandbox bank'],
    ['its code when the provider has no name any more', '', 'sandbox'],
  ])('names the deposit\'s provider by %s', async (_, providerName, shown) => {
    mockFetch({
      'GET /deposits': { items: [makeDeposit()], next_cursor: null },
      'GET /deposits/summary': EMPTY_SUMMARY,
      'GET /deposits/dep_00000000000000000001': makeDetail({ provider: 'sandbox', provider_name: providerName }),
    });
    renderScreen('/clients/payments?deposit=dep_00000000000000000001');
    const drawer = await screen.findByRole('dialog', { name: 'Deposit dep_00000000000000000001' });
    const label = await within(drawer).findByText('Provider');
    const item = label.parentElement!; // the DataList item: the label, then the value
    expect(item).toHaveTextContent(`Provider${shown}`);
    if (providerName) expect(within(drawer).queryByText('sandbox')).not.toBeInTheDocument();
  });

  it('opens the billet and PIX forms from its actions; both pass axe structure rules', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /deposits': { items: [makeDeposit()], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen();
    await screen.findByText('Maria Silva');
    const actions = screen.getByRole('group', { name: 'Deposit actions' });
    for (const [action, title] of [['Generate single billet', 'Generate single billet'], ['Generate single PIX', 'Generate single PIX']] as const) {
      await user.click(within(actions).getByRole('button', { name: action }));
      const dialog = await screen.findByRole('dialog', { name: title });
      const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
    }
  });

  it('says "Deposits not found" for an unknown id in the URL', async () => {
    mockFetch({ 'GET /deposits': { items: [], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
    renderScreen('/clients/payments?deposit=dep_missing');
    const drawer = await screen.findByRole('dialog', { name: 'Deposit dep_missing' });
    expect(await within(drawer).findByText('Deposits not found')).toBeInTheDocument();
  });
});
