import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Payout } from '@/api/types';
import { renderWithProviders } from '@/testing/test-utils';

import { PayoutsTable } from './payouts-table';

const PAYOUT = {
  id: 'pay_1',
  transaction_id: '',
  client: { slug: 'acme', name: 'Acme' },
  kind: 'standard',
  withdraw_method: 'pix',
  status: 'waiting',
  amount: 10000,
  fee: 150,
  currency: 'BRL',
  description: '',
  beneficiary_name: 'Ana Souza',
  beneficiary_document: '52998224725',
  bank: null,
  agency: '',
  agency_digit: '',
  account: '',
  account_digit: '',
  account_type: '',
  operation: '',
  pix_key: 'ana@example.com',
  bank_account_id: null,
  provider: 'sandbox_bank',
  submission_attempts: 0,
  approval: '',
  created_by_id: 1,
  approved_by_id: null,
  rejection_reason: '',
  created_at: '2026-03-10T15:00:00Z',
  updated_at: '2026-03-10T15:00:00Z',
  approved_at: null,
  submitted_at: null,
  confirmed_at: null,
  finished_at: null,
} as Payout;

describe('payouts table', () => {
  it.each([
    ['pt-BR', 'Tarifa', 'R$ 1,50'],
    ['en', 'Fee', 'R$1.50'],
  ] as const)('shows the fee beside the amount (%s)', (locale, header, fee) => {
    renderWithProviders(
      <PayoutsTable items={[PAYOUT]} loading={false} error={false} filtered={false} onRetry={() => {}} onOpen={() => {}} />,
      { locale },
    );
    expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = screen.getByText('Ana Souza').closest('tr') as HTMLElement;
    expect(within(row).getByText((text) => text.replace(/\s/g, ' ') === fee.replace(/\s/g, ' '))).toBeInTheDocument();
  });
});
