import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Refund } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

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
});
