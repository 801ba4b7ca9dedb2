import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { StaffDirectDeposit } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import StaffDirectDepositsScreen from './staff-direct-deposits-screen';

const ROUTE = 'employee/direct_deposits';
const ROW: StaffDirectDeposit = {
  id: 'dep_9', client: 'acme', client_name: 'Acme Pagamentos', status: 'paid_to_client', amount: 35_000, fee: 347, currency: 'BRL',
  payer_name: 'Joana Prado', payer_document: '39053344705', key: 'pix@acme.test', end_to_end_id: 'E9999999920261128120000000000009',
  created_at: '2026-11-27T12:00:00Z',
};

describe('direct deposits across clients (employee/direct_deposits)', { timeout: 60_000 }, () => {
  it('shows each deposit with its client and asks the API for the client chosen in the URL', async () => {
    const fetchMock = mockFetch({ 'GET /admin/direct-deposits': { items: [ROW], next_cursor: null }, 'GET /tenants': [{ slug: 'acme', name: 'Acme Pagamentos' }] });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'employee', userRole: 'employee', menu: [{ route: ROUTE, group: 'general' }], home: ROUTE })}>
        <StaffDirectDepositsScreen route={ROUTE} homeHref={`/${ROUTE}`} />
      </SessionProvider>,
      { route: `/${ROUTE}?client=acme`, locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'Depósitos na chave' });
    const row = (await within(table).findByText('Acme Pagamentos')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('R$ 350,00');
    expect(row).toHaveTextContent('Liquidado');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/direct-deposits?') && String(url).includes('client=acme'))).toBe(true));
  });
});
