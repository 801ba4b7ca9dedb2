import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Customer, CustomerDetail } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import CrmScreen from './crm-screen';

const CUSTOMER: Customer = {
  document: '52998224725', name: 'João da Silva', email: 'joao@example.com', phone: '', deposit_count: 3, deposit_total: 123_456,
  refund_count: 1, refund_total: 1_000, totals: { BRL: { deposits: 3, paid: 123_456, refunds: 1, refunded: 1_000 } },
  first_seen_at: '2026-10-01T12:00:00Z', last_seen_at: '2026-11-20T12:00:00Z', last_paid_at: '2026-11-20T12:00:00Z', tags: ['vip'],
};
const DETAIL: CustomerDetail = {
  ...CUSTOMER,
  notes: [],
  history: [{ kind: 'deposit', id: 'dep_a', method: 'pix', status: 'paid_to_client', amount: 100_000, currency: 'BRL', created_at: '2026-11-20T12:00:00Z' }],
};
const USER = makeUser({ menu: [{ route: 'client/crm', group: 'general' }] });

function render(locale: 'pt-BR' | 'en', route = '/client/crm') {
  renderWithProviders(
    <SessionProvider user={USER}>
      <CrmScreen route="client/crm" homeHref="/clients/home" />
    </SessionProvider>,
    { route, locale },
  );
}

describe('customers (client/crm)', { timeout: 60_000 }, () => {
  it('lists customers with the masked document and total, opens one and adds a note', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    mockFetch({
      'GET /customers': { items: [CUSTOMER], next_cursor: null },
      'GET /customers/52998224725': DETAIL,
      'POST /customers/52998224725/notes': (_url: string, init: RequestInit) => {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse({ id: 1, text: 'Paga em dia', author: 'ana@acme.test', created_at: '2026-11-27T12:00:00Z' }, 201);
      },
    });
    render('pt-BR');
    const table = await screen.findByRole('table', { name: 'Clientes' });
    const row = (await within(table).findByText('João da Silva')).closest('tr') as HTMLElement;
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText(/1\.234,56/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Abrir o cliente João da Silva' }));
    const history = await screen.findByRole('table', { name: 'Pagamentos, saques e estornos do cliente' });
    expect(within(history).getByText('Liquidado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar nota' }));
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escreva a nota')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Nota/ }), 'Paga em dia');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nota adicionada')).toBeInTheDocument();
    expect(posted).toEqual([{ text: 'Paga em dia' }]);
  });

  it('sends the search and sort of the URL to the API, and says when there is nothing, in English', async () => {
    const fetchMock = mockFetch({ 'GET /customers': { items: [], next_cursor: null } });
    render('en', '/client/crm?q=maria&sort=-deposit_total');
    expect(await screen.findByText(/No customers yet/)).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/customers'))?.[0]), 'http://x');
    expect(url.searchParams.get('q')).toBe('maria');
    expect(url.searchParams.get('sort')).toBe('-deposit_total');
  });
});
