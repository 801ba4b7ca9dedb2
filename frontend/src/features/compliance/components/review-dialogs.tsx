import { Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { ComplianceItem, PayoutDetail } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { type Decision, DecisionDialog } from '@/components/kit/decision-dialog';
import type { SummaryItem } from '@/components/kit/summary-list';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { getReviewedPayoutQueryOptions } from '../api/get-payout';
import { useReviewPayout } from '../api/review-payout';
import { validateRejectReason } from '../lib/reject-form';
import { complianceMessages as m } from '../messages';

const withDigit = (number: string, digit: string) => (digit ? `${number}-${digit}` : number);

/** Where the money goes: the PIX key, or bank, branch and account. */
export function destinationText(payout: PayoutDetail, intl: ReturnType<typeof useIntl>): string {
  if (payout.withdraw_method === 'pix' && payout.pix_key) return intl.formatMessage(m.pixKey, { key: payout.pix_key });
  const bank = payout.bank ? [payout.bank.compe, payout.bank.name].filter(Boolean).join(' ') : '';
  return intl.formatMessage(m.bankAccount, {
    bank: bank || '—',
    agency: withDigit(payout.agency, payout.agency_digit),
    account: withDigit(payout.account, payout.account_digit),
  });
}

function failureText(error: unknown, intl: ReturnType<typeof useIntl>): string {
  // Maker-checker and state refusals come translated from the server.
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

/** What is decided: the amount, the beneficiary and where the money goes (loaded with the payout). */
function usePayoutSummary(item: ComplianceItem): { summary: SummaryItem[]; loading: boolean } {
  const intl = useIntl();
  const detail = useQuery(getReviewedPayoutQueryOptions(item.id));
  const method = item.withdraw_method === 'ted' ? intl.formatMessage(m.ted) : item.withdraw_method === 'pix' ? intl.formatMessage(m.pix) : item.withdraw_method;
  const summary: SummaryItem[] = [
    { label: intl.formatMessage(m.amount), value: money(item.amount, item.currency, intl.locale) },
    { label: intl.formatMessage(m.beneficiary), value: `${item.beneficiary_name} (${formatDocument(item.beneficiary_document)})` },
    { label: intl.formatMessage(m.method), value: method },
    {
      label: intl.formatMessage(m.destination),
      value: detail.data ? destinationText(detail.data, intl) : detail.isError ? intl.formatMessage(m.destinationUnavailable) : <Skeleton h="4" w="40" />,
    },
    { label: intl.formatMessage(m.client), value: item.client.name },
  ];
  return { summary, loading: detail.isPending };
}

/** The compliance decision on a payout: approving pays it out (asked first), rejecting needs a reason the client reads. */
function PayoutDecisionDialog({ item, decision, onClose }: { item: ComplianceItem; decision: Decision; onClose: () => void }) {
  const intl = useIntl();
  const review = useReviewPayout();
  const { summary, loading } = usePayoutSummary(item);
  const [error, setError] = useState<string | null>(null);
  const approving = decision === 'approve';
  const decide = (reason: string) => {
    const checked = validateRejectReason(reason);
    if (!approving && !checked.ok) return;
    setError(null);
    review.mutate(approving ? { id: item.id, decision: 'approve' } : { id: item.id, decision: 'reject', reason: checked.ok ? checked.reason : '' }, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(approving ? m.approved : m.rejected, { id: item.id }) });
        onClose();
      },
      onError: (failure) => setError(failureText(failure, intl)),
    });
  };
  return (
    <DecisionDialog
      decision={decision}
      title={intl.formatMessage(approving ? m.approveTitle : m.rejectTitle, { id: item.id })}
      description={intl.formatMessage(approving ? m.approveText : m.rejectText)}
      summary={summary}
      decideText={intl.formatMessage(approving ? m.confirmApprove : m.confirmReject)}
      justification={approving ? undefined : { label: intl.formatMessage(m.reason), minLength: 1, maxLength: 200, error: intl.formatMessage(m.reasonRequired) }}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.reviewFailed)}
      pending={review.isPending}
      decideDisabled={approving && loading}
      error={error}
      onDecide={decide}
      onClose={onClose}
    />
  );
}

/** Approving pays the money out: ask first, showing the amount, the beneficiary and where the money goes. */
export function ApprovePayoutDialog({ item, onClose }: { item: ComplianceItem; onClose: () => void }) {
  return <PayoutDecisionDialog item={item} decision="approve" onClose={onClose} />;
}

/** Rejecting needs a reason the client reads, then a confirmation with what is rejected. */
export function RejectDialog({ item, onClose }: { item: ComplianceItem; onClose: () => void }) {
  return <PayoutDecisionDialog item={item} decision="reject" onClose={onClose} />;
}
