import { Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { ComplianceItem, PayoutDetail } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
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

/**
 * Approving pays the money out: ask first, showing the amount, the beneficiary and where the money goes
 * (the payout's bank account or PIX key, loaded with it).
 */
export function ApprovePayoutDialog({ item, onClose }: { item: ComplianceItem; onClose: () => void }) {
  const intl = useIntl();
  const review = useReviewPayout();
  const detail = useQuery(getReviewedPayoutQueryOptions(item.id));
  const [error, setError] = useState<string | null>(null);
  const method = item.withdraw_method === 'ted' ? intl.formatMessage(m.ted) : item.withdraw_method === 'pix' ? intl.formatMessage(m.pix) : item.withdraw_method;
  const details: SummaryItem[] = [
    { label: intl.formatMessage(m.amount), value: money(item.amount, item.currency, intl.locale) },
    { label: intl.formatMessage(m.beneficiary), value: `${item.beneficiary_name} (${formatDocument(item.beneficiary_document)})` },
    { label: intl.formatMessage(m.method), value: method },
    {
      label: intl.formatMessage(m.destination),
      value: detail.data ? destinationText(detail.data, intl) : detail.isError ? intl.formatMessage(m.destinationUnavailable) : <Skeleton h="4" w="40" />,
    },
    { label: intl.formatMessage(m.client), value: item.client.name },
  ];
  const approve = () => {
    setError(null);
    review.mutate(
      { id: item.id, decision: 'approve' },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.approved, { id: item.id }) });
          onClose();
        },
        onError: (failure) => setError(failureText(failure, intl)),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.approveTitle, { id: item.id })}
      description={intl.formatMessage(m.approveText)}
      details={details}
      confirmText={intl.formatMessage(m.confirmApprove)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmPalette="green"
      pending={review.isPending}
      confirmDisabled={detail.isPending}
      error={error}
      onConfirm={approve}
      onClose={onClose}
    />
  );
}

/** Rejecting needs a reason the client reads. */
export function RejectDialog({ item, onClose }: { item: ComplianceItem; onClose: () => void }) {
  const intl = useIntl();
  const review = useReviewPayout();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const checked = validateRejectReason(reason);
    if (!checked.ok) return;
    setError(null);
    review.mutate(
      { id: item.id, decision: 'reject', reason: checked.reason },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.rejected, { id: item.id }) });
          onClose();
        },
        onError: (failure) => setError(failureText(failure, intl)),
      },
    );
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.rejectTitle, { id: item.id })}
      description={`${item.client.name} · ${item.beneficiary_name} · ${money(item.amount, item.currency, intl.locale)}`}
      submitText={intl.formatMessage(m.confirmReject)}
      submitPalette="red"
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.reviewFailed)}
      error={error}
      pending={review.isPending}
      validate={() => {
        const ok = validateRejectReason(reason).ok;
        setInvalid(!ok);
        return ok;
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={intl.formatMessage(m.reason)}
        required
        multiline
        maxLength={200}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setInvalid(false);
        }}
        error={invalid ? intl.formatMessage(m.reasonRequired) : null}
      />
    </FormDialog>
  );
}
