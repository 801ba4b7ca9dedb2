import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BankAccount } from '@/api/types';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { validatePayoutForm } from '../lib/payout-form';
import { GeneratePayoutDialog } from './generate-payout-dialog';

const ACCOUNT = {
  id: 'ba_1',
  owner: 'company',
  holder_name: 'Acme Ltda',
  holder_document: '11222333000181',
  bank: { ispb: '00000000', compe: '001', name: 'Banco do Brasil' },
  agency: '1234',
  agency_digit: '',
  account: '56789',
  account_digit: '0',
  account_type: 'checking',
  operation: '',
  pix_key: '',
  pix_key_type: '',
  created_at: '2025-01-01T00:00:00Z',
} as BankAccount;

const PAYOUT = { id: 'po_1', amount: 123456, currency: 'BRL', status: 'approved' };

afterEach(() => vi.unstubAllGlobals());

describe('validatePayoutForm', () => {
  it('turns reais typed in pt-BR into integer centavos without floats', () => {
    const { body } = validatePayoutForm({ bankAccountId: 'ba_1', amount: '1.234,56', method: 'pix', description: '' }, 'pt-BR');
    expect(body?.amount).toBe(123456);
    expect(validatePayoutForm({ bankAccountId: 'ba_1', amount: '0,29', method: 'ted', description: '' }, 'pt-BR').body?.amount).toBe(29);
    expect(validatePayoutForm({ bankAccountId: 'ba_1', amount: '1,234.56', method: 'pix', description: '' }, 'en').body?.amount).toBe(123456);
  });

  it('flags missing account, bad and zero amounts', () => {
    const empty = validatePayoutForm({ bankAccountId: '', amount: '', method: 'pix', description: '' }, 'pt-BR');
    expect(empty.body).toBeUndefined();
    expect(Object.keys(empty.errors).sort()).toEqual(['amount', 'bankAccountId']);
    expect(validatePayoutForm({ bankAccountId: 'x', amount: '12,345', method: 'pix', description: '' }, 'pt-BR').errors.amount).toBeDefined();
    expect(validatePayoutForm({ bankAccountId: 'x', amount: '0,00', method: 'pix', description: '' }, 'pt-BR').errors.amount).toBeDefined();
  });
});

describe('GeneratePayoutDialog', () => {
  it('shows field errors and sends nothing when the form is incomplete', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<GeneratePayoutDialog accounts={[ACCOUNT]} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate withdrawal' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/payouts'))).toHaveLength(0);
  });

  it('reuses the Idempotency-Key when the same submission is retried, and shows the server message', async () => {
    const keys: string[] = [];
    const bodies: unknown[] = [];
    let calls = 0;
    mockFetch({
      'POST /payouts': (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        bodies.push(JSON.parse(String(init.body)));
        calls += 1;
        return calls === 1
          ? jsonResponse({ code: 'insufficient_funds', message: 'Saldo insuficiente' }, 409)
          : jsonResponse(PAYOUT, 201);
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<GeneratePayoutDialog accounts={[ACCOUNT]} onClose={onClose} />);
    await userEvent.selectOptions(screen.getByLabelText(/Bank account/), 'ba_1');
    await userEvent.type(screen.getByLabelText(/Amount/), '1,234.56');
    await userEvent.click(screen.getByRole('button', { name: 'Generate withdrawal' }));
    expect((await screen.findAllByText('Saldo insuficiente')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Problem to generate the withdraw').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Generate withdrawal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[0]).toMatchObject({ amount: 123456, method: 'pix', bank_account_id: 'ba_1' });
  });

  it('uses a new Idempotency-Key once the submission changes', async () => {
    const keys: string[] = [];
    mockFetch({
      'POST /payouts': (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return jsonResponse({ code: 'insufficient_funds', message: 'Saldo insuficiente' }, 409);
      },
    });
    renderWithProviders(<GeneratePayoutDialog accounts={[ACCOUNT]} onClose={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText(/Bank account/), 'ba_1');
    await userEvent.type(screen.getByLabelText(/Amount/), '10.00');
    await userEvent.click(screen.getByRole('button', { name: 'Generate withdrawal' }));
    await screen.findAllByText('Saldo insuficiente');
    await userEvent.clear(screen.getByLabelText(/Amount/));
    await userEvent.type(screen.getByLabelText(/Amount/), '5.00');
    await userEvent.click(screen.getByRole('button', { name: 'Generate withdrawal' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
