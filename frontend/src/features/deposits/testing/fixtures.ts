import type { Deposit, DepositDetail } from '@/api/types';

/** A deposit as GET /api/deposits answers it. */
export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 'dep_00000000000000000001',
    status: 'pending',
    method: 'billet',
    amount: 123456,
    currency: 'BRL',
    fee: 250,
    net: 123206,
    paid_amount: null,
    refunded_amount: 0,
    description: '',
    payer_name: 'Maria Silva',
    payer_document: '39053344705',
    payer_email: 'maria@example.com',
    address: { street: 'Av. Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zipcode: '01310100' },
    due_date: '2026-03-20',
    barcode: '23791234500001234561234567890123456789012345',
    typed_line: '23790123456000012345678901234567123450000123456',
    brcode: null,
    txid: null,
    expires_at: null,
    card_brand: null,
    card_last4: null,
    wire_instructions: null,
    provider: 'sandbox',
    provider_reference: 'SBX-778899',
    created_at: '2026-03-10T15:00:00Z',
    confirmed_at: null,
    settle_on: null,
    settled_at: null,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<DepositDetail> = {}): DepositDetail {
  return {
    ...makeDeposit(),
    status: 'confirmed',
    provider_name: 'Sandbox bank',
    events: [
      { at: '2026-03-10T15:00:00Z', from_status: '', to_status: 'waiting', source: 'api', note: '', provider_event_id: '' },
      { at: '2026-03-11T10:00:00Z', from_status: 'waiting', to_status: 'confirmed', source: 'webhook', note: 'paid at the bank', provider_event_id: 'evt_1' },
    ],
    postings: [
      // As the API sends them: the ledger's signs (a credit is negative), the platform's side included.
      { entry: 'deposit_confirmed', kind: 'provider_clearing', account: 'platform:provider_clearing:sandbox:BRL', amount: 123456, currency: 'BRL', at: '2026-03-11T10:00:00Z' },
      { entry: 'deposit_confirmed', kind: 'pending', account: 'tenant:acme:pending:BRL', amount: -123206, currency: 'BRL', at: '2026-03-11T10:00:00Z' },
      { entry: 'deposit_confirmed', kind: 'fee_revenue', account: 'platform:fee_revenue:BRL', amount: -250, currency: 'BRL', at: '2026-03-11T10:00:00Z' },
      { entry: 'deposit_settled', kind: 'pending', account: 'tenant:acme:pending:BRL', amount: 123206, currency: 'BRL', at: '2026-03-12T10:00:00Z' },
      { entry: 'deposit_settled', kind: 'available', account: 'tenant:acme:available:BRL', amount: -123206, currency: 'BRL', at: '2026-03-12T10:00:00Z' },
    ],
    ...overrides,
  };
}

export const EMPTY_SUMMARY = { count: 0, currencies: [] };

/** The query of a call the fetch mock saw, as URLSearchParams. */
export function queryOf(call: unknown[]): URLSearchParams {
  const url = String(call[0]);
  return new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
}

export function pathOf(call: unknown[]): string {
  return String(call[0]).split('?')[0]!;
}
