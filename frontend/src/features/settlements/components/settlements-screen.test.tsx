import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Settlement, SettlementDetail } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import SettlementsScreen from './settlements-screen';

const SETTLEMENT: Settlement = {
  id: 'stl_1', date: '2026-11-26', method: 'pix', currency: 'BRL', count: 2, gross: 30_000, fee: 297, net: 29_703, created_at: '2026-11-26T10:00:00Z',
};
const DETAIL: SettlementDetail = {
  ...SETTLEMENT,
  deposits: [
    { id: 'dep_a', payer_name: 'João da Silva', payer_document: '52998224725', amount: 10_000, fee: 99, net: 9_901, settled_at: '2026-11-26T10:00:00Z' },
    { id: 'dep_b', payer_name: 'Maria Souza', payer_document: '39053344705', amount: 20_000, fee: 198, net: 19_802, settled_at: '2026-11-26T10:00:00Z' },
  ],
  deposits_cursor: null,
};
const USER = makeUser({ menu: [{ route: 'clients/consolidation', group: 'client_reports' }] });

function render(locale: 'pt-BR' | 'en', route = '/clients/consolidation') {
  renderWithProviders(
    <SessionProvider user={USER}>
      <SettlementsScreen route="clients/consolidation" homeHref="/clients/home" />
    </SessionProvider>,
    { route, locale },
  );
}

describe('settlements (clients/consolidation)', { timeout: 60_000 }, () => {
  it('lists settlements with date, method, count and credit, and opens the payments inside one', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /settlements': { items: [SETTLEMENT], next_cursor: null }, 'GET /settlements/stl_1': DETAIL });
    render('pt-BR');
    const table = await screen.findByRole('table', { name: 'Consolidações' });
    const row = (await within(table).findByText('26/11/2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('PIX · BRL')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText(/297,03/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ver os pagamentos da consolidação de 26/11/2026, PIX' }));
    const payments = await screen.findByRole('table', { name: 'Pagamentos desta consolidação' });
    expect(within(payments).getByText('João da Silva')).toBeInTheDocument();
    expect(within(payments).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(payments).getByText(/99,01/)).toBeInTheDocument();
    expect(screen.getByText(/2 pagamentos: .*300,00 pagos, .*2,97 em tarifas, .*297,03 creditados/)).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => /\/settlements\/stl_1\?per_page=100$/.test(url))).toBe(true);
  });

  it('sends the filters in the URL to the API, and says when there is nothing, in English', async () => {
    const fetchMock = mockFetch({ 'GET /settlements': { items: [], next_cursor: null } });
    render('en', '/clients/consolidation?method=card&currency=USD&date_from=2026-11-01&date_to=2026-11-30');
    expect(await screen.findByText('No settlements yet')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/settlements'))?.[0]), 'http://x');
    expect(url.searchParams.getAll('method')).toEqual(['card']);
    expect(url.searchParams.getAll('currency')).toEqual(['USD']);
    expect(url.searchParams.get('date_from')).toBe('2026-11-01');
    expect(url.searchParams.get('date_to')).toBe('2026-11-30');
  });

  it('the drawer says a failed load of the payments and loads them again on retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockFetch({
      'GET /settlements': { items: [SETTLEMENT], next_cursor: null },
      'GET /settlements/stl_1': () => (++calls === 1 ? jsonResponse({ code: 'unavailable', message: 'down' }, 503) : jsonResponse(DETAIL)),
    });
    render('en', '/clients/consolidation?settlement=stl_1');
    expect(await screen.findByText('The payments of this settlement could not be loaded.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const payments = await screen.findByRole('table', { name: 'Payments in this settlement' });
    expect(within(payments).getByText('Maria Souza')).toBeInTheDocument();
  });
});
