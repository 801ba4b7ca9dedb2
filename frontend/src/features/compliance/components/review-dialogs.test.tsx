import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ComplianceItem } from '@/api/types';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { validateRejectReason } from '../lib/reject-form';
import { ApprovePayoutDialog, RejectDialog } from './review-dialogs';

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
    renderWithProviders(<RejectDialog item={ITEM} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText('Tell the client why the withdrawal is rejected')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/reject'))).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Suspicious beneficiary');
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));
    // A confirmation step repeats what is rejected and why before the call.
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the decision?' });
    expect(confirm).toHaveTextContent('Suspicious beneficiary');
    expect(confirm).toHaveTextContent('Acme Ltda');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/reject'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reject withdrawal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ reason: 'Suspicious beneficiary' }]);
  });

  it('shows a refusal of the server (maker-checker) in the dialog, which stays open', async () => {
    mockFetch({ 'POST /payouts/po_9/reject': () => jsonResponse({ code: 'maker_checker', message: 'You cannot review your own payout' }, 409) });
    const onClose = vi.fn();
    renderWithProviders(<RejectDialog item={ITEM} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/Reason/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Reject withdrawal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot review your own payout');
    expect(onClose).not.toHaveBeenCalled();
  });
});

const DETAIL = {
  ...ITEM,
  kind: 'transactional',
  transaction_id: '',
  description: '',
  bank: { ispb: '00000000', compe: '001', name: 'Banco do Brasil' },
  agency: '1234',
  agency_digit: '5',
  account: '98765',
  account_digit: '0',
  account_type: 'checking',
  operation: '',
  pix_key: 'acme@example.com',
  events: [],
  postings: [],
};

describe('approve', () => {
  it('asks first, showing amount, beneficiary and the PIX key, and approves only on confirm', async () => {
    const approvals: string[] = [];
    mockFetch({
      'GET /payouts/po_9': () => jsonResponse(DETAIL),
      'POST /payouts/po_9/approve': (url: string) => {
        approvals.push(url);
        return jsonResponse({ ...ITEM, status: 'approved' });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<ApprovePayoutDialog item={ITEM} onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve withdrawal po_9?' });
    expect(dialog).toHaveTextContent("R$600.00");
    expect(dialog).toHaveTextContent('Acme Ltda (11.222.333/0001-81)');
    expect(await screen.findByText('PIX key acme@example.com')).toBeInTheDocument();
    expect(approvals).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve and pay out' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(approvals).toHaveLength(1);
  });

  it('shows bank, branch and account for a TED; cancel approves nothing', async () => {
    const fetchMock = mockFetch({ 'GET /payouts/po_9': () => jsonResponse({ ...DETAIL, withdraw_method: 'ted', pix_key: '' }) });
    const onClose = vi.fn();
    renderWithProviders(<ApprovePayoutDialog item={{ ...ITEM, withdraw_method: 'ted' }} onClose={onClose} />);
    expect(await screen.findByText('Bank 001 Banco do Brasil, branch 1234-5, account 98765-0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/approve'))).toHaveLength(0);
  });
});
