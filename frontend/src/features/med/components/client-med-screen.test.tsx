import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MedCase } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import ClientMedScreen from './client-med-screen';

const HOUR = 3600 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function medCase(id: string, status: MedCase['status'], extra: Partial<MedCase> = {}): MedCase {
  const open = status === 'open';
  return {
    id, client: { slug: 'acme', name: 'Acme' }, provider: 'sandbox_bank', case_reference: `sbx_${id}`, deposit_id: `dep_${id}`,
    deposit_amount: 10_000, payer_name: 'Maria', payer_document: '39053344705', amount: 5_000, currency: 'BRL', reason: 'fraud',
    details: '', status, held_amount: open ? 5_000 : 0, hold_shortfall: 0, refunded_amount: 0, refund_confirmed: 0,
    paid_at: at(-48 * HOUR), reported_at: at(-HOUR), notified_at: at(-HOUR), analysis_due_at: at(100 * HOUR), refund_due_at: null,
    due_at: open ? at(100 * HOUR) : null, seconds_left: open ? 360_000 : null, urgency: open ? 'ok' : 'closed',
    closed_at: open ? null : at(-HOUR), notices: 1, hops_count: 0, decided_by: null, decided_at: null, cancel_reason: '',
    bank_report: '', bank_informed_at: null, ...extra,
  };
}

describe('the client’s MED claims (clients/meds)', { timeout: 60_000 }, () => {
  it('lists each claim with what is blocked, its outcome and when the bank was told, with nothing to act on', async () => {
    mockFetch({
      'GET /med-cases': {
        items: [
          medCase('open', 'open'),
          medCase('no', 'rejected', { bank_report: 'informed', bank_informed_at: '2026-11-20T15:30:00Z' }),
          medCase('yes', 'completed', { refund_confirmed: 5_000, bank_report: 'pending' }),
        ],
        next_cursor: null,
      },
    });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'client_user', menu: [{ route: 'clients/meds', group: 'client_finance' }], home: 'clients/home' })}>
        <ClientMedScreen route="clients/meds" homeHref="/clients/home" />
      </SessionProvider>,
      { route: '/clients/meds', locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'Casos MED' });
    const row = (id: string) => within(table).getByText(`dep_${id}`).closest('tr') as HTMLElement;
    await within(table).findByText('dep_open');
    expect(row('open')).toHaveTextContent('Em análise');
    expect(row('open')).toHaveTextContent('R$ 50,00');
    expect(row('open')).toHaveTextContent(/Faltam 4d/);
    expect(row('no')).toHaveTextContent('Rejeitada: o bloqueio foi liberado');
    expect(row('no')).toHaveTextContent('Informado ao banco em 20/11/2026');
    expect(row('yes')).toHaveTextContent('Aceita: R$ 50,00 devolvido');
    expect(row('yes')).toHaveTextContent('Sendo enviado ao banco');
    expect(within(table).queryByRole('button', { name: /Aceitar|Rejeitar/ })).toBeNull();
  });

  it('sends the status, search and sort of the URL and nothing of the desk’s filters; says when there is nothing', async () => {
    const fetchMock = mockFetch({ 'GET /med-cases': { items: [], next_cursor: null } });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'client_user', menu: [{ route: 'clients/meds', group: 'client_finance' }], home: 'clients/home' })}>
        <ClientMedScreen route="clients/meds" homeHref="/clients/home" />
      </SessionProvider>,
      { route: '/clients/meds?status=open&q=dep_9&urgency=h6&client=beta&sort=-reported_at', locale: 'en' },
    );
    expect(await screen.findByText('No MED claims on your deposits')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/med-cases'))).toBe(true));
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/med-cases'))![0]), 'http://x');
    expect(url.searchParams.get('status')).toBe('open');
    expect(url.searchParams.get('q')).toBe('dep_9');
    expect(url.searchParams.get('sort')).toBe('-reported_at');
    expect(url.searchParams.has('urgency')).toBe(false);
    expect(url.searchParams.has('client')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.queryByRole('combobox', { name: 'Urgency' })).toBeNull();
  });
});
