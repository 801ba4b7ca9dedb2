import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { KycFile } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import ClientKycScreen from './client-kyc-screen';

function kycFile(overrides: Partial<KycFile> = {}): KycFile {
  return {
    client: { slug: 'acme', name: 'Acme' }, status: 'draft', expiring: false, legal_name: '', trade_name: '', cnpj: '',
    people: [], documents: [], rejection_reason: '', reopen_reason: '', submitted_at: null, decided_at: null, decided_by: null,
    review_due_on: null, changed_at: new Date().toISOString(), editable: true, payouts_blocked: false, ...overrides,
  };
}

function renderScreen(write = true) {
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'client', menu: [{ route: 'client/kyc', group: 'client_reports', write }], home: 'client/kyc' })}>
      <ClientKycScreen route="client/kyc" homeHref="/client/kyc" />
    </SessionProvider>,
    { route: '/client/kyc', locale: 'pt-BR' },
  );
}

describe('the client’s KYC file (client/kyc)', { timeout: 60_000 }, () => {
  it('shows a rejected file’s reason and that payouts wait for approval', async () => {
    mockFetch({ 'GET /kyc': kycFile({ status: 'rejected', rejection_reason: 'Comprovante ilegível', payouts_blocked: true }) });
    renderScreen();
    const status = await screen.findByTestId('kyc-status');
    expect(status).toHaveTextContent('Rejeitado');
    expect(within(status).getByTestId('kyc-rejection')).toHaveTextContent('Motivo: Comprovante ilegível.');
    expect(within(status).getByTestId('kyc-blocked')).toHaveTextContent('Saques são recusados até que o seu cadastro KYC seja aprovado.');
    expect(screen.getByRole('button', { name: 'Enviar para análise' })).toBeEnabled();
  });

  it('refuses a wrong CNPJ on its field before any call, and locks a submitted file', async () => {
    const fetchMock = mockFetch({ 'GET /kyc': kycFile() });
    renderScreen();
    const cnpj = await screen.findByLabelText('CNPJ');
    await userEvent.type(cnpj, '11.222.333/0001-80');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });

  it('offers no change on a file waiting for review', async () => {
    mockFetch({ 'GET /kyc': kycFile({ status: 'pending', editable: false, submitted_at: new Date().toISOString(), legal_name: 'Acme Ltda' }) });
    renderScreen();
    expect(await screen.findByTestId('kyc-status')).toHaveTextContent('Aguardando análise');
    expect(screen.getByLabelText('Razão social')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enviar para análise' })).toBeNull();
  });

  it('shows an approved file’s CNPJ and CPF punctuated', async () => {
    mockFetch({
      'GET /kyc': kycFile({
        status: 'approved', editable: false, legal_name: 'Acme Ltda', cnpj: '12345678000190',
        people: [{ role: 'representative', name: 'Ana', cpf: '12345678909', share_bp: 0 }],
      }),
    });
    renderScreen();
    expect(await screen.findByLabelText('CNPJ')).toHaveValue('12.345.678/0001-90');
    expect(screen.getByLabelText('CPF 1')).toHaveValue('123.456.789-09');
    expect(screen.getByLabelText('CNPJ')).toBeDisabled();
  });

  it('punctuates the CNPJ and a CPF as typed and sends their digits', async () => {
    let sent: unknown = null;
    const fetchMock = mockFetch({
      'GET /kyc': kycFile(),
      'PUT /kyc': (_url: string, init: RequestInit) => {
        sent = JSON.parse(String(init.body));
        return new Response(JSON.stringify(kycFile({ cnpj: '11222333000181' })), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    renderScreen();
    const cnpj = await screen.findByLabelText('CNPJ');
    await userEvent.type(cnpj, '11222333000181');
    expect(cnpj).toHaveValue('11.222.333/0001-81');
    await userEvent.type(screen.getByLabelText('Razão social'), 'Acme Ltda');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar representante' }));
    const cpf = screen.getByLabelText('CPF 1');
    await userEvent.type(cpf, '39053344705');
    expect(cpf).toHaveValue('390.533.447-05');
    await userEvent.type(screen.getByLabelText('Nome 1'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await vi.waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ cnpj: '11222333000181', people: [{ role: 'representative', name: 'Ana', cpf: '39053344705' }] });
    expect(fetchMock).toHaveBeenCalled();
  });
});
