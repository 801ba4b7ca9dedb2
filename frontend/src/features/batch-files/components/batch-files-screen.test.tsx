import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { BatchFile, BatchFileDetail } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import BatchFilesScreen from './batch-files-screen';

const ROUTE = 'admin/batch-files';
const REMITTANCE: BatchFile = {
  id: 'bat_1', kind: 'remittance', provider: 'sandbox_bank', client: 'acme', sequence: 1, file_name: 'REM000001.rem', size: 1_440, lines: 2,
  amount: 30_000, currency: 'BRL', summary: {}, duplicate_of: '', created_at: '2026-11-27T12:00:00Z', download_url: '/api/batch-files/bat_1/download',
};
const REMITTANCE_DETAIL: BatchFileDetail = {
  ...REMITTANCE,
  items: [
    { line: 3, reference: 'CFAAAAAAAAAAAAAAAAAA', client: 'acme', payout_id: 'pay_1', name: 'Ana Lima', method: 'pix', bank: 'BB', amount: 10_000, status: 'sent', occurrences: '', occurrence_list: [] },
    { line: 5, reference: 'CFBBBBBBBBBBBBBBBBBB', client: 'acme', payout_id: 'pay_2', name: 'Bruno Reis', method: 'pix', bank: 'BB', amount: 20_000, status: 'sent', occurrences: '', occurrence_list: [] },
  ],
  results: [],
};
const RETURN_DETAIL: BatchFileDetail = {
  ...REMITTANCE,
  id: 'ret_1', kind: 'return', file_name: 'RET000001-some_rejected.ret', summary: { confirmed: 1, rejected: 1 }, download_url: '/api/batch-files/ret_1/download',
  items: [],
  results: [
    { line: 3, reference: 'CFAAAAAAAAAAAAAAAAAA', outcome: 'confirmed', occurrences: '00', amount: 10_000, client: 'acme', payout_id: 'pay_1', name: 'Ana Lima', occurrence_list: [{ code: '00', label: 'Crédito ou Débito Efetivado', known: true }] },
    {
      line: 5, reference: 'CFBBBBBBBBBBBBBBBBBB', outcome: 'rejected', occurrences: 'AGX9', amount: 20_000, client: 'acme', payout_id: 'pay_2', name: 'Bruno Reis',
      occurrence_list: [
        { code: 'AG', label: 'Agência/Conta Corrente/DV Inválido', known: true },
        { code: 'X9', label: 'Código desconhecido', known: false },
      ],
    },
  ],
};

function render(locale: 'pt-BR' | 'en', simulates = true, remittance: BatchFileDetail = REMITTANCE_DETAIL) {
  const fetchMock = mockFetch({
    'GET /batch-files': (url: string) => {
      const kind = new URL(url, 'http://x').searchParams.get('kind');
      return new Response(JSON.stringify({ items: kind === 'remittance' ? [REMITTANCE] : [], next_cursor: null }), { headers: { 'Content-Type': 'application/json' } });
    },
    'GET /batch-files/providers': [{ code: 'sandbox_bank', name: 'Sandbox bank', simulates_returns: simulates }],
    'GET /batch-files/bat_1': remittance,
    'GET /batch-files/ret_1': RETURN_DETAIL,
    'POST /batch-files/bat_1/simulated-returns': RETURN_DETAIL,
    'GET /tenants': [{ slug: 'acme', name: 'Acme' }],
  });
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'admin', userRole: 'admin', menu: [{ route: ROUTE, group: 'general' }], home: ROUTE })}>
      <BatchFilesScreen route={ROUTE} homeHref={`/${ROUTE}`} />
    </SessionProvider>,
    { route: `/${ROUTE}`, locale },
  );
  return fetchMock;
}

describe('batch files (admin/batch-files)', { timeout: 60_000 }, () => {
  it('simulates the sandbox bank\'s return of a remittance and shows each occurrence code with its description', async () => {
    const user = userEvent.setup();
    const fetchMock = render('pt-BR');
    await user.click(await screen.findByRole('button', { name: 'Abrir REM000001.rem' }));
    const form = await screen.findByRole('form', { name: 'Simular retorno do banco' });
    await user.selectOptions(within(form).getByLabelText('Resposta do banco'), 'Alguns rejeitados (uma linha a cada duas)');
    await user.click(within(form).getByRole('button', { name: 'Simular retorno do banco' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Retornos' })).toHaveAttribute('aria-selected', 'true'));
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/simulated-returns') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ outcome: 'some_rejected' });
    const table = await screen.findByRole('table', { name: 'Linhas de RET000001-some_rejected.ret' });
    const rejected = within(table).getByText('Bruno Reis').closest('tr') as HTMLElement;
    expect(rejected).toHaveTextContent('Rejeitado');
    const codes = within(rejected).getByRole('list', { name: 'Códigos do banco' });
    expect(within(codes).getByText('AG')).toBeInTheDocument();
    expect(codes).toHaveTextContent('Agência/Conta Corrente/DV Inválido');
    expect(within(codes).getByTitle('X9: Código desconhecido')).toBeInTheDocument();
    const paid = within(table).getByText('Ana Lima').closest('tr') as HTMLElement;
    expect(paid).toHaveTextContent('00Crédito ou Débito Efetivado');
    expect(screen.getByRole('link', { name: 'Baixar' })).toHaveAttribute('href', expect.stringContaining('/batch-files/ret_1/download'));
  });

  it('offers no simulation for a bank that cannot simulate, and shows a remittance line\'s codes in English', async () => {
    const user = userEvent.setup();
    const answered: BatchFileDetail = {
      ...REMITTANCE_DETAIL,
      items: [{ ...REMITTANCE_DETAIL.items[1]!, status: 'rejected', occurrences: 'PJ', occurrence_list: [{ code: 'PJ', label: 'PIX key not registered in DICT', known: true }] }],
    };
    const fetchMock = render('en', false, answered);
    await user.click(await screen.findByRole('button', { name: 'Open REM000001.rem' }));
    const table = await screen.findByRole('table', { name: 'Lines of REM000001.rem' });
    const row = within(table).getByText('Bruno Reis').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Rejected');
    expect(within(row).getByRole('list', { name: 'Bank codes' })).toHaveTextContent('PJPIX key not registered in DICT');
    const detailCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/batch-files/bat_1'));
    expect((detailCall?.[1]?.headers as Record<string, string>)['Accept-Language']).toBe('en');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/batch-files/providers'))).toBe(true));
    expect(screen.queryByRole('form', { name: "Simulate the bank's return" })).not.toBeInTheDocument();
  });
});
