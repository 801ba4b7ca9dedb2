import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { VerifyReceiptPage } from './verify-page';

const CODE = 'A1B2-C3D4-E5F6-0718-293A-4B5C-6D7E-8F90';
const GENUINE = {
  valid: true, kind: 'deposit', method: 'pix', currency: 'BRL', amount: 123_456, date: '2026-11-20',
  party: { name: 'J*** d* S****', document: '***.982.247-**' },
};
const INVALID = { valid: false, kind: null, method: null, currency: null, amount: null, date: null, party: null };
const asked = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname.endsWith('/receipts/verify')).map((u) => u.searchParams.get('code'));

afterEach(() => vi.unstubAllGlobals());

describe('receipt verifier', () => {
  it('checks the code typed, keeps it in the URL and shows the genuine receipt\'s minimum facts', async () => {
    const fetchMock = mockFetch({ 'GET /receipts/verify': GENUINE });
    renderWithProviders(<VerifyReceiptPage />, { route: '/receipts/verify' });
    expect(asked(fetchMock)).toEqual([]);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const verdict = await screen.findByRole('status');
    expect(within(verdict).getByText('Genuine receipt')).toBeInTheDocument();
    expect(within(verdict).getByText('R$1,234.56')).toBeInTheDocument();
    expect(within(verdict).getByText('Payment receipt')).toBeInTheDocument();
    expect(within(verdict).getByText('11/20/26')).toBeInTheDocument();
    expect(within(verdict).getByText('J*** d* S**** · ***.982.247-**')).toBeInTheDocument();
    expect(asked(fetchMock)).toEqual([CODE]);
  });

  it('says in Portuguese when a code (from the link) matches no receipt', async () => {
    const fetchMock = mockFetch({ 'GET /receipts/verify': INVALID });
    renderWithProviders(<VerifyReceiptPage />, { route: `/receipts/verify?code=${CODE}`, locale: 'pt-BR' });
    const verdict = await screen.findByRole('status');
    expect(within(verdict).getByText('Este código não corresponde a nenhum comprovante')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verificar comprovante' })).toBeInTheDocument();
    expect(asked(fetchMock)).toEqual([CODE]);
  });

  it('shows the server\'s message when the guesser is throttled', async () => {
    mockFetch({ 'GET /receipts/verify': () => jsonResponse({ code: 'too_many_attempts', message: 'Too many attempts. Try again in 10 minutes.' }, 429) });
    renderWithProviders(<VerifyReceiptPage />, { route: `/receipts/verify?code=${CODE}` });
    expect(await screen.findByText('Too many attempts. Try again in 10 minutes.')).toBeInTheDocument();
    expect(screen.getByText('The code could not be checked')).toBeInTheDocument();
  });
});
