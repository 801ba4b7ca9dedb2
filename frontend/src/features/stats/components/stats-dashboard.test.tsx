import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { StatsSummary } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderScreenAt, renderWithProviders } from '@/testing/test-utils';

import { previousPeriod } from '../lib/period';
import MetricsScreen from './metrics-screen';
import StatsHomeScreen from './stats-home-screen';

const T = (count: number, amount: number, fee = 0) => ({ count, amount, fee });
const Z = T(0, 0);

function summary(scale = 1): StatsSummary {
  return {
    currency: 'BRL',
    from: '2026-11-01',
    to: '2026-11-23',
    deposits: { waiting: T(2, 5_000), pending: Z, confirmed: T(3, 30_000 * scale, 300), paid_to_client: T(1, 10_000, 100), canceled: T(1, 1_000), expired: Z, refunded: Z },
    payouts: { waiting: T(1, 7_000), approved: Z, pending: Z, confirmed: T(1, 20_000, 200), paid_to_client: Z, rejected: Z, canceled: Z, reversed: Z },
    balance: { available: 123_456, pending: 10_000, held: 7_000 },
    external: { credits: { count: 2, amount: 250_075 }, debits: { count: 1, amount: 9_990 } },
  } as StatsSummary;
}

const admin = makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', tenant: { slug: 'cofre', name: 'Cofre', kind: 'platform' } as never, menu: [{ route: 'admin/home', group: 'admin_home' }, { route: 'admin/compliance', group: 'kyc' }] });
const client = makeUser({ menu: [{ route: 'clients/metrics', group: 'client_reports' }] });
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(path)).map((url) => new URL(url, 'http://x').searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('admin/home statistics', () => {
  it('shows the month\'s figures grouped as an operator reads them, and filters by client and currency in the URL', async () => {
    const fetchMock = mockFetch({
      'GET /stats/summary': summary(),
      'GET /stats/series': { currency: 'BRL', from: '2026-11-01', to: '2026-11-02', interval: 'day', points: [] },
      'GET /tenants': [{ slug: 'acme', name: 'Acme Ltda', kind: 'client' }],
    });
    const { search } = renderScreenAt(<StatsHomeScreen route="admin/home" homeHref="/admin/home" />, { user: admin, route: '/admin/home?from=2026-11-01&to=2026-11-23' });
    const deposits = await screen.findByRole('region', { name: 'Deposits' });
    // Paid = confirmed + paid to the client: R$ 400,00 in 4 operations; conversion 4 of 7 generated.
    expect(within(deposits).getByText('R$400.00')).toBeInTheDocument();
    expect(within(deposits).getByText('4 operations')).toBeInTheDocument();
    expect(within(deposits).getByText('57.1%')).toBeInTheDocument();
    const payouts = screen.getByRole('region', { name: 'Withdrawals' });
    expect(within(payouts).getByRole('link', { name: '1 operation' })).toHaveAttribute('href', '/admin/compliance');
    // Fees of deposits paid and payouts paid: 3 + 1 + 2.
    expect(screen.getByText('R$6.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('R$1,234.56')).toBeInTheDocument();
    expect(Object.fromEntries(calls(fetchMock, '/stats/summary')[0]!)).toEqual({ currency: 'BRL', from: '2026-11-01', to: '2026-11-23' });

    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'acme');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    expect(search().get('client')).toBe('acme');
    await vi.waitFor(() => expect(calls(fetchMock, '/stats/summary').some((q) => q.get('client') === 'acme' && q.get('currency') === 'USD')).toBe(true));
  });

  it.each([
    ['en', 'External credits', 'External debits', 'R$2,500.75', '2 operations', 'R$99.90'],
    ['pt-BR', 'Créditos externos', 'Débitos externos', 'R$ 2.500,75', '2 operações', 'R$ 99,90'],
  ] as const)('shows the external credits and debits of the period (%s)', async (locale, credits, debits, credited, count, debited) => {
    mockFetch({
      'GET /stats/summary': summary(),
      'GET /stats/series': { currency: 'BRL', from: '2026-11-01', to: '2026-11-02', interval: 'day', points: [] },
      'GET /tenants': [],
    });
    renderWithProviders(
      <SessionProvider user={admin}>
        <StatsHomeScreen route="admin/home" homeHref="/admin/home" />
      </SessionProvider>,
      { locale, route: '/admin/home?from=2026-11-01&to=2026-11-23' },
    );
    const credit = await screen.findByRole('group', { name: credits });
    expect(within(credit).getByText(credited)).toBeInTheDocument();
    expect(within(credit).getByText(count)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: debits })).getByText(debited)).toBeInTheDocument();
  });

  it('refuses a period that ends before it starts, without asking the API', async () => {
    const fetchMock = mockFetch({ 'GET /tenants': [] });
    renderScreenAt(<StatsHomeScreen route="admin/home" homeHref="/admin/home" />, { user: admin, route: '/admin/home?from=2026-11-20&to=2026-11-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be before the end date');
    expect(calls(fetchMock, '/stats/')).toEqual([]);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    mockFetch({ 'GET /stats/summary': () => jsonResponse({ code: 'boom', message: 'boom' }, 503), 'GET /stats/series': () => jsonResponse({}, 503), 'GET /tenants': [] });
    renderScreenAt(<StatsHomeScreen route="admin/home" homeHref="/admin/home" />, { user: admin, route: '/admin/home' });
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});

describe('clients/metrics', () => {
  it('sets each figure against the period of the same length before it, with the change in percent', async () => {
    const before = previousPeriod('2026-11-01', '2026-11-10');
    expect(before).toEqual({ from: '2026-10-22', to: '2026-10-31' });
    const fetchMock = mockFetch({
      'GET /stats/summary': (url: string) => jsonResponse(new URL(url, 'http://x').searchParams.get('from') === before.from ? summary(1) : summary(2)),
      'GET /stats/series': { currency: 'BRL', from: '2026-11-01', to: '2026-11-10', interval: 'day', points: [] },
    });
    renderScreenAt(<MetricsScreen route="clients/metrics" homeHref="/clients/home" />, { user: client, route: '/clients/metrics?from=2026-11-01&to=2026-11-10' });
    const deposits = await screen.findByRole('region', { name: 'Deposits' });
    // Paid: R$ 700,00 now against R$ 400,00 before = +75%.
    expect(within(deposits).getByText('R$700.00')).toBeInTheDocument();
    expect(await within(deposits).findByText(/↑ \+75% against 10\/22\/2026 – 10\/31\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(calls(fetchMock, '/stats/summary').map((q) => q.get('from')).sort()).toEqual(['2026-10-22', '2026-11-01']);
  });
});
