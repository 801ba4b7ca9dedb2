import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ComplianceItem } from '@/api/types';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { validateRejectReason } from '../lib/reject-form';
import { RejectDialog } from './compliance-screen';

const ITEM: ComplianceItem = {
  id: 'po_9',
  client: { slug: 'acme', name: 'Acme' },
  withdraw_method: 'pix',
  amount: 60000,
  fee: 150,
  currency: 'BRL',
  beneficiary_name: 'Acme Ltda',
  beneficiary_document: '11222333000181',
  status: 'waiting',
  created_at: '2025-01-01T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('reject', () => {
  it('requires a reason', () => {
    expect(validateRejectReason('  ').ok).toBe(false);
    expect(validateRejectReason(' fraud ')).toEqual({ ok: true, reason: 'fraud' });
  });

  it('does not call the API without a reason, then sends the reason', async () => {
    const bodies: unknown[] = [];
    const fetchMock = mockFetch({
      'POST /payouts/po_9/reject': (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...ITEM, status: 'rejected' });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<RejectDialog item={ITEM} onClose={onClose} onFail={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdraw' }));
    expect(await screen.findByText('Tell the client why the withdraw is rejected')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/reject'))).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Suspicious beneficiary');
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdraw' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ reason: 'Suspicious beneficiary' }]);
  });

  it('passes a refusal of the server (maker-checker) on', async () => {
    mockFetch({ 'POST /payouts/po_9/reject': () => jsonResponse({ code: 'maker_checker', message: 'You cannot review your own payout' }, 409) });
    const onFail = vi.fn();
    renderWithProviders(<RejectDialog item={ITEM} onClose={() => {}} onFail={onFail} />);
    await userEvent.type(screen.getByLabelText(/Reason/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdraw' }));
    await waitFor(() => expect(onFail).toHaveBeenCalled());
    expect((onFail.mock.calls[0]![0] as Error).message).toBe('You cannot review your own payout');
  });
});
