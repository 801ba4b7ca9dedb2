import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { SessionUser } from '@/api/types';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { makeDeposit, queryOf } from '../testing/fixtures';
import ClientHomeScreen from './client-home-screen';

function renderHome(user: SessionUser = makeUser(), locale: Locale = 'en') {
  const seen: { location?: Location } = {};
  function Probe() {
    seen.location = useLocation();
    return null;
  }
  renderWithProviders(
    <SessionProvider user={user}>
      <ClientHomeScreen route="clients/home" homeHref="/clients/home" />
      <Probe />
    </SessionProvider>,
    { route: '/clients/home', locale },
  );
  return { location: () => seen.location! };
}

const BALANCE = [
  { currency: 'BRL', available: 1234567, pending: 50000, held: 1000 },
  { currency: 'USD', available: 9900, pending: 0, held: 0 },
];

describe('client home', { timeout: 60_000 }, () => {
  it('shows the balance per currency and the five latest deposits', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 10 }, (_, i) => makeDeposit({ id: `dep_${i}`, payer_name: `Payer ${i}` }));
    const fetchMock = mockFetch({ 'GET /balance': BALANCE, 'GET /deposits': { items, next_cursor: 'c1' } });
    const { location } = renderHome(makeUser(), 'pt-BR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Início' })).toBeInTheDocument();
    const brl = await screen.findByRole('region', { name: 'Saldo em BRL' });
    expect(within(brl).getByText(/R\$\s12\.345,67/)).toBeInTheDocument();
    expect(within(brl).getByText(/R\$\s500,00/)).toBeInTheDocument();
    expect(within(brl).getByText(/R\$\s10,00/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Saldo em USD' })).getByText(/US\$\s99,00/)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Depósitos' });
    await within(table).findByText('Payer 0');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const listCall = fetchMock.mock.calls.find((call) => String(call[0]).startsWith('/api/deposits'))!;
    expect(queryOf(listCall).get('per_page')).toBe('10');
    expect(screen.getByRole('link', { name: 'Ver todos os depósitos' })).toHaveAttribute('href', '/clients/payments');

    await user.click(within(table).getByRole('button', { name: 'Ver detalhes do depósito dep_0' }));
    expect(location().pathname).toBe('/clients/payments');
    expect(location().search).toBe('?deposit=dep_0');
  });

  it('leaves the deposits out for users without the deposits screen', async () => {
    mockFetch({ 'GET /balance': BALANCE, 'GET /deposits': () => jsonResponse({ code: 'forbidden', message: 'no' }, 403) });
    renderHome(makeUser({ menu: [{ route: 'clients/home', group: 'client_reports' }] }));
    expect(await screen.findByRole('region', { name: 'Balance in BRL' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Latest deposits' })).not.toBeInTheDocument();
  });

  it('says so when the balance cannot be loaded', async () => {
    mockFetch({ 'GET /balance': () => jsonResponse({ code: 'internal_error', message: 'x' }, 500), 'GET /deposits': { items: [], next_cursor: null } });
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please, try again later');
    expect(await screen.findByText('No records to show')).toBeInTheDocument();
  });
});
