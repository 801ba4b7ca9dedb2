import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CustomerMetric } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import CustomersMetricsScreen from './customers-metrics-screen';

const ROW: CustomerMetric = { document: '52998224725', name: 'João da Silva', clients: 2, deposits: 8, volume: 400_000, refunded: 40_000, refund_ratio: 0.1, med_cases: 2, med_ratio: 0.25 };
const USER = makeUser({ role: 'admin', menu: [{ route: 'admin/customers-metrics', group: 'admin_kyc' }] });

describe('customer metrics (admin/customers-metrics)', { timeout: 60_000 }, () => {
  it('shows volume, ratios as percentages and sends the sort and period of the URL', async () => {
    const fetchMock = mockFetch({ 'GET /customers-metrics': { items: [ROW], next_cursor: null, date_from: '2026-11-01', date_to: '2026-11-27' } });
    renderWithProviders(
      <SessionProvider user={USER}>
        <CustomersMetricsScreen route="admin/customers-metrics" homeHref="/admin/home" />
      </SessionProvider>,
      { route: '/admin/customers-metrics?sort=-med_ratio&date_from=2026-11-01&date_to=2026-11-27', locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'Métricas de clientes' });
    const row = (await within(table).findByText('João da Silva')).closest('tr') as HTMLElement;
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText(/4\.000,00/)).toBeInTheDocument();
    expect(within(row).getByText(/^10\s?%$/)).toBeInTheDocument();
    expect(within(row).getByText(/^25\s?%$/)).toBeInTheDocument();
    expect(screen.getByText('De 01/11/2026 a 27/11/2026')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/customers-metrics'))?.[0]), 'http://x');
    expect(url.searchParams.get('sort')).toBe('-med_ratio');
    expect(url.searchParams.get('date_from')).toBe('2026-11-01');
  });
});
