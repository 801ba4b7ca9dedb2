import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { PayoutDetailDrawer } from './payout-detail-drawer';

function payout() {
  return {
    id: 'pay_1', transaction_id: 'sbx_po_1', client: { slug: 'acme', name: 'Acme Ltda' }, kind: 'manual',
    withdraw_method: 'ted', status: 'approved', amount: 12345, currency: 'BRL', description: '',
    beneficiary_name: 'Maria', beneficiary_document: '39053344705', bank: { ispb: '00000000', compe: '001', name: 'BCO DO BRASIL S.A.' },
    agency: '1234', agency_digit: '3', account: '567890', account_digit: '0', account_type: 'checking', operation: '', pix_key: '',
    bank_account_id: 'bac_1', provider: 'sandbox_bank', submission_attempts: 0, approval: 'auto', created_by_id: 1, approved_by_id: null,
    rejection_reason: '', created_at: '2026-03-10T15:00:00Z', updated_at: '2026-03-10T15:05:00Z', approved_at: null, submitted_at: null,
    confirmed_at: null, finished_at: null, postings: [],
    events: [{ at: '2026-03-10T15:00:01Z', from_status: 'waiting', to_status: 'approved', source: 'auto', note: 'auto_approved:50000' }],
  };
}

describe('payout timeline notes', { timeout: 60_000 }, () => {
  it.each([
    ['en', 'approved automatically (limit R$500.00)'],
    ['pt-BR', 'aprovado automaticamente (limite R$ 500,00)'],
  ] as const)('words the auto-approval code with the limit in money (%s)', async (locale, words) => {
    mockFetch({ 'GET /payouts/pay_1': () => jsonResponse(payout()) });
    renderWithProviders(<PayoutDetailDrawer id="pay_1" canCancel={false} onClose={() => {}} />, { locale });
    expect(await screen.findByText((text) => text.replace(/\u00a0/g, ' ').includes(words))).toBeInTheDocument();
    expect(screen.queryByText(/auto_approved|auto-approved|50000/)).toBeNull();
  });

  it('shows the beneficiary’s CPF punctuated', async () => {
    mockFetch({ 'GET /payouts/pay_1': () => jsonResponse(payout()) });
    renderWithProviders(<PayoutDetailDrawer id="pay_1" canCancel={false} onClose={() => {}} />, { locale: 'pt-BR' });
    expect(await screen.findByText('Maria (390.533.447-05)')).toBeInTheDocument();
    expect(screen.queryByText(/39053344705/)).toBeNull();
  });
});
