import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Balance, BankAccount } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { validateWalletForm } from '../lib/wallet-form';
import { WalletWithdrawDialog } from './wallet-withdraw-dialog';

const OWN = {
  id: 'bac_own',
  owner: 'company',
  holder_name: 'Acme Pagamentos Ltda',
  holder_document: '11222333000181',
  bank: { ispb: '00000000', compe: '001', name: 'BCO DO BRASIL S.A.' },
  agency: '1234',
  agency_digit: '3',
  account: '567890',
  account_digit: '0',
  account_type: 'checking',
  operation: '',
  pix_key: '',
  pix_key_type: '',
  created_at: '2026-01-01T00:00:00Z',
} as BankAccount;
const CUSTOMERS = { ...OWN, id: 'bac_customer', owner: 'customer', holder_name: 'Demo Customer' } as BankAccount;
const BALANCES = [
  { currency: 'BRL', available: 500000, pending: 0, held: 0 },
  { currency: 'USD', available: 0, pending: 0, held: 0 },
] as Balance[];
const PAYOUT = { id: 'pay_1', amount: 123456, currency: 'BRL', status: 'approved', kind: 'wallet' };

afterEach(() => vi.unstubAllGlobals());

describe('validateWalletForm', () => {
  it('sends integer centavos of the locale, kind wallet, to an own account only', () => {
    const ok = validateWalletForm({ bankAccountId: 'bac_own', amount: '1.234,56', currency: 'BRL', method: 'ted' }, [OWN], 'pt-BR');
    expect(ok.body).toEqual({ amount: 123456, currency: 'BRL', method: 'ted', kind: 'wallet', bank_account_id: 'bac_own' });
    expect(validateWalletForm({ bankAccountId: 'bac_own', amount: '1,234.56', currency: 'BRL', method: 'ted' }, [OWN], 'en').body?.amount).toBe(123456);
    const unknown = validateWalletForm({ bankAccountId: 'bac_x', amount: '10', currency: 'BRL', method: 'ted' }, [OWN], 'en');
    expect(unknown.body).toBeUndefined();
    expect(Object.keys(unknown.errors)).toEqual(['bankAccountId']);
  });

  it('flags bad amounts and PIX to an account without a key', () => {
    const check = (amount: string) => validateWalletForm({ bankAccountId: 'bac_own', amount, currency: 'BRL', method: 'ted' }, [OWN], 'pt-BR').errors.amount;
    expect(check('')).toBeDefined();
    expect(check('12,345')).toBeDefined();
    expect(check('0,00')).toBeDefined();
    expect(check('abc')).toBeDefined();
    const pix = validateWalletForm({ bankAccountId: 'bac_own', amount: '10,00', currency: 'BRL', method: 'pix' }, [OWN], 'pt-BR');
    expect(pix.errors.method).toBeDefined();
    expect(pix.body).toBeUndefined();
    const usd = validateWalletForm({ bankAccountId: 'bac_own', amount: '10,00', currency: 'USD', method: 'ted' }, [OWN], 'pt-BR');
    expect(Object.keys(usd.errors)).toEqual(['currency']); // PIX and TED move reais only
  });
});

describe('WalletWithdrawDialog', () => {
  it("offers the company's own accounts, shows what is available and confirms before sending", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const keys: string[] = [];
    mockFetch({
      'POST /payouts': (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return jsonResponse(PAYOUT, 201);
      },
    });
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(
      <>
        <WalletWithdrawDialog accounts={[OWN, CUSTOMERS]} balances={BALANCES} onClose={onClose} onCreated={onCreated} />
        <AppToaster />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw to my account' });
    const select = within(dialog).getByRole('combobox', { name: /Company bank account/ });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a company account',
      '001 BCO DO BRASIL S.A. · 1234-3 · 567890-0 · Acme Pagamentos Ltda',
    ]);
    expect(within(dialog).getByText('Available: R$5,000.00')).toBeInTheDocument();
    await user.selectOptions(select, 'bac_own');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1,234.56');
    await user.click(within(dialog).getByRole('button', { name: 'Review withdrawal' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the withdrawal' });
    expect(within(confirm).getByText(/R\$1,234\.56 leaves your available balance now/)).toBeInTheDocument();
    const summary = within(confirm).getByLabelText('Withdrawal summary');
    expect(summary).toHaveTextContent('001 BCO DO BRASIL S.A.');
    expect(summary).toHaveTextContent('1234-3');
    expect(summary).toHaveTextContent('567890-0');
    expect(summary).toHaveTextContent('Acme Pagamentos Ltda');
    expect(bodies).toHaveLength(0); // nothing moves before the confirmation
    await user.click(within(confirm).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ amount: 123456, currency: 'BRL', method: 'ted', kind: 'wallet', bank_account_id: 'bac_own' }]);
    expect(keys[0]).toBeTruthy();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'pay_1' }));
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
  });

  it("shows the server's message, keeps the key on a retry, and goes back to the form", async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    mockFetch({
      'POST /payouts': (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return jsonResponse({ code: 'insufficient_funds', message: 'Saldo insuficiente.' }, 409);
      },
    });
    renderWithProviders(<WalletWithdrawDialog accounts={[OWN]} balances={BALANCES} onClose={() => {}} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Company bank account/ }), 'bac_own');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '9,000.00');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect((await screen.findAllByText('Saldo insuficiente.')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Problem to generate the withdraw').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('9,000.00');
  });

  it('refuses to review an incomplete form', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(<WalletWithdrawDialog accounts={[OWN]} balances={BALANCES} onClose={() => {}} />, { locale: 'pt-BR' });
    await user.click(screen.getByRole('button', { name: 'Revisar saque' }));
    expect(screen.getByRole('dialog', { name: 'Sacar para minha conta' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/payouts'))).toHaveLength(0);
  });
});
