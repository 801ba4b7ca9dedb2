import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Refund } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderScreenAt, renderWithProviders } from '@/testing/test-utils';

import RefundsScreen from './refunds-screen';

const user = makeUser({ menu: [{ route: 'clients/refunds', group: 'client_finance' }] });

function refund(overrides: Partial<Refund>): Refund {
  return {
    id: 'ref_1',
    deposit_id: 'dep_1',
    deposit_method: 'pix',
    status: 'pending',
    amount: 2500,
    currency: 'BRL',
    reason: 'Cliente desistiu',
    from_pending: 2500,
    from_available: 0,
    payer_name: 'João da Silva',
    payer_document: '52998224725',
    created_by_id: 1,
    created_at: '2026-03-10T15:00:00Z',
    confirmed_at: null,
    transaction_id: '',
    failure_reason: '',
    failed_at: null,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('refunds list', () => {
  it.each([
    ['pt-BR', ['Pendente', 'Confirmado', 'Falhou']],
    ['en', ['Pending', 'Confirmed', 'Failed']],
  ] as const)('shows every status with a translated label (%s)', async (locale, labels) => {
    mockFetch({
      'GET /refunds': {
        items: [
          refund({ id: 'ref_1', status: 'pending' }),
          refund({ id: 'ref_2', status: 'confirmed', transaction_id: 'sbx_rf_1', confirmed_at: '2026-03-10T15:01:00Z' }),
          refund({ id: 'ref_3', status: 'failed', failure_reason: 'refund_rejected_by_bank', failed_at: '2026-03-10T15:01:00Z' }),
        ],
        next_cursor: null,
      },
    });
    renderWithProviders(
      <SessionProvider user={user}>
        <RefundsScreen route="clients/refunds" homeHref="/clients/home" />
      </SessionProvider>,
      { locale },
    );
    for (const [index, label] of labels.entries()) {
      const row = (await screen.findByText(`ref_${index + 1}`)).closest('tr');
      expect(row?.textContent).toContain(label);
    }
  });

  it('keeps its filters in the URL and asks the API for exactly them', async () => {
    const fetchMock = mockFetch({ 'GET /refunds': { items: [refund({ id: 'ref_1', status: 'failed' })], next_cursor: null } });
    const { search } = renderScreenAt(<RefundsScreen route="clients/refunds" homeHref="/clients/home" />, {
      user,
      route: '/clients/refunds?status=failed&q=Jo%C3%A3o&date_from=2026-03-01&sort=amount&status=bogus',
    });
    const table = await screen.findByRole('table', { name: 'Refunds' });
    expect(await within(table).findByText('R$25.00')).toBeInTheDocument();
    const asked = new URL(String(fetchMock.mock.calls.find(([url]) => String(url).includes('/api/refunds'))![0]), 'http://x').searchParams;
    expect(asked.getAll('status')).toEqual(['failed']);
    expect([asked.get('q'), asked.get('date_from'), asked.get('sort')]).toEqual(['João', '2026-03-01', 'amount']);

    // Choosing another status writes it to the URL and starts again from the first page.
    await userEvent.setup().click(screen.getByRole('button', { name: /Status/ }));
    await userEvent.setup().click(await screen.findByRole('menuitemcheckbox', { name: 'Pending' }));
    await vi.waitFor(() => expect(search().getAll('status')).toEqual(['pending', 'failed']));
  });

  it.each([
    ['en', 'Status Any'],
    ['pt-BR', 'Status Qualquer'],
  ] as const)('says a multiple-choice filter with nothing chosen takes any value, not a bare dash (%s)', async (locale, name) => {
    mockFetch({ 'GET /refunds': { items: [], next_cursor: null } });
    renderWithProviders(
      <SessionProvider user={user}>
        <RefundsScreen route="clients/refunds" homeHref="/clients/home" />
      </SessionProvider>,
      { locale },
    );
    const filter = await screen.findByRole('button', { name });
    expect(filter).not.toHaveTextContent('—');
  });
});
