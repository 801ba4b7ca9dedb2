import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MedCase } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import MedScreen from './med-screen';

const HOUR = 3600 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function medCase(id: string, dueIn: number | null, status: MedCase['status']): MedCase {
  return {
    id, client: { slug: 'acme', name: 'Acme Pagamentos' }, provider: 'sandbox_bank', case_reference: `sbx_${id}`,
    deposit_id: `dep_${id}`, deposit_amount: 10_000, payer_name: 'Maria', payer_document: '39053344705', amount: 5_000,
    currency: 'BRL', reason: 'fraud', details: '', status, held_amount: 5_000, hold_shortfall: 0, refunded_amount: 0,
    refund_confirmed: 0, paid_at: at(-48 * HOUR), reported_at: at(-HOUR), notified_at: at(-HOUR), analysis_due_at: at(dueIn ?? 0),
    refund_due_at: null, due_at: dueIn === null ? null : at(dueIn), seconds_left: dueIn === null ? null : dueIn / 1000,
    urgency: dueIn === null ? 'closed' : dueIn < 0 ? 'overdue' : 'ok', closed_at: dueIn === null ? at(-HOUR) : null, notices: 1,
    hops_count: 0, decided_by: null, decided_at: null, cancel_reason: '', bank_report: '', bank_informed_at: null,
  };
}

describe('the MED desk (employee/meds)', { timeout: 60_000 }, () => {
  it('counts down every case, warns at 48, 24 and 6 hours, and says how long a case is overdue', async () => {
    mockFetch({
      'GET /med-cases': {
        items: [medCase('late', -3 * HOUR - 60_000, 'open'), medCase('soon', 5 * HOUR, 'open'), medCase('day', 20 * HOUR, 'open'),
                medCase('two', 40 * HOUR, 'open'), medCase('week', 6 * 24 * HOUR + 2 * HOUR + 60_000, 'open'), medCase('done', null, 'rejected')],
        next_cursor: null,
      },
      'GET /tenants': [],
    });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'employee', userRole: 'employee', menu: [{ route: 'employee/meds', group: 'general', write: true }], home: 'employee/meds' })}>
        <MedScreen route="employee/meds" homeHref="/employee/meds" />
      </SessionProvider>,
      { route: '/employee/meds', locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'Casos MED' });
    const row = (id: string) => within(table).getByText(`dep_${id}`).closest('tr') as HTMLElement;
    await within(table).findByText('dep_late');
    expect(row('late')).toHaveTextContent('Vencido há 3h 1min');
    expect(row('late').querySelector('[data-urgency]')?.getAttribute('data-urgency')).toBe('overdue');
    expect(row('soon')).toHaveTextContent('Vence em até 6 horas');
    expect(row('day')).toHaveTextContent('Vence em até 24 horas');
    expect(row('two')).toHaveTextContent('Vence em até 48 horas');
    expect(row('week')).toHaveTextContent(/Faltam 6d 2h/);
    expect(row('week')).not.toHaveTextContent('Vence em até');
    expect(row('done')).toHaveTextContent('Encerrado');
    expect(row('done')).toHaveTextContent('Rejeitado');
  });

  it('sends the status, urgency and client of the URL, and shows a case’s hops with the holder’s document punctuated', async () => {
    const detail = { ...medCase('x', 5 * HOUR, 'open'), hops_count: 1, refund_due_at: null, justification: '', evidence_note: '', evidence: [], parts: [],
      hops: [{ depth: 1, ispb: '00000000', account: '12345-6', holder_document: '11222333000181', amount: 5_000 }] };
    const fetchMock = mockFetch({ 'GET /med-cases': { items: [medCase('x', 5 * HOUR, 'open')], next_cursor: null }, 'GET /med-cases/x': detail, 'GET /tenants': [] });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'employee', userRole: 'employee', menu: [{ route: 'employee/meds', group: 'general', write: true }], home: 'employee/meds' })}>
        <MedScreen route="employee/meds" homeHref="/employee/meds" />
      </SessionProvider>,
      { route: '/employee/meds?status=open&urgency=h6&client=acme&case=x', locale: 'pt-BR' },
    );
    expect(await screen.findByText('11.222.333/0001-81', {}, { timeout: 15_000 })).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => /\/med-cases\?/.test(String(u)))![0]), 'http://x');
    expect(url.searchParams.get('status')).toBe('open');
    expect(url.searchParams.get('urgency')).toBe('h6');
    expect(url.searchParams.get('client')).toBe('acme');
  });
});
