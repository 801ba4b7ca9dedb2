import { Button, DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { PayoutDetail } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DetailDrawer } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { useCancelPayout } from '../api/cancel-payout';
import { getPayoutQueryOptions } from '../api/get-payout';
import { when, withDigit } from '../lib/display';
import { labelOf, payoutMethodMessages, payoutStatusMessages, payoutsMessages as m } from '../messages';
import { PayoutStatusBadge } from './status-badge';

/** A timeline note the server writes as a code ("auto_approved:<limit in centavos>") in words, the limit in money. */
const AUTO_APPROVED = /^auto(?:_approved:|-approved up to )(\d+)$/;

function noteText(note: string, currency: string, intl: ReturnType<typeof useIntl>): string {
  const auto = AUTO_APPROVED.exec(note);
  if (!auto) return note;
  return intl.formatMessage(m.autoApproved, { limit: money(Number(auto[1]), currency, intl.locale) });
}

type Props = { id: string | null; canCancel: boolean; onClose: () => void };

/** One withdraw: its data, the timeline of its status changes, and Cancel while it waits. */
export function PayoutDetailDrawer({ id, canCancel, onClose }: Props) {
  const intl = useIntl();
  return (
    <DetailDrawer open={Boolean(id)} title={id ? intl.formatMessage(m.detailTitle, { id }) : ''} onClose={onClose}>
      {id && <DetailBody id={id} canCancel={canCancel} />}
    </DetailDrawer>
  );
}

function DetailBody({ id, canCancel }: { id: string; canCancel: boolean }) {
  const intl = useIntl();
  const detail = useQuery(getPayoutQueryOptions(id));
  if (detail.isPending) return <Skeleton height="40" />;
  if (detail.isError) return <Text role="alert">{intl.formatMessage(commonMessages.withdrawalsNotFound)}</Text>;
  return <Detail payout={detail.data} canCancel={canCancel} />;
}

function Detail({ payout, canCancel }: { payout: PayoutDetail; canCancel: boolean }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelPayout();
  const label = (map: Parameters<typeof labelOf>[0], value: string) => {
    const found = labelOf(map, value);
    return typeof found === 'string' ? found : intl.formatMessage(found);
  };
  const rows: [string, string][] = [
    [intl.formatMessage(m.amount), money(payout.amount, payout.currency, intl.locale)],
    // `?? 0`: an answer cached from before payouts had fees has none
    [intl.formatMessage(m.fee), money(payout.fee ?? 0, payout.currency, intl.locale)],
    [intl.formatMessage(m.method), label(payoutMethodMessages, payout.withdraw_method)],
    [intl.formatMessage(m.beneficiary), `${payout.beneficiary_name} (${formatDocument(payout.beneficiary_document)})`],
    [intl.formatMessage(m.bank), payout.bank ? [payout.bank.compe, payout.bank.name].filter(Boolean).join(' ') : ''],
    [intl.formatMessage(m.agency), withDigit(payout.agency, payout.agency_digit)],
    [intl.formatMessage(m.account), payout.account ? withDigit(payout.account, payout.account_digit) : payout.pix_key],
    [intl.formatMessage(m.operation), payout.operation],
    [intl.formatMessage(m.transactionId), payout.transaction_id],
    [intl.formatMessage(m.createdAt), when(payout.created_at, intl.locale)],
    [intl.formatMessage(m.finishedAt), when(payout.finished_at, intl.locale)],
  ];
  if (payout.rejection_reason) rows.push([intl.formatMessage(m.rejectionReason), payout.rejection_reason]);

  const confirmCancel = () =>
    cancel.mutate(
      { id: payout.id },
      {
        onSuccess: () => {
          setConfirming(false);
          appToaster.create({ type: 'success', title: intl.formatMessage(m.canceled) });
        },
        onError: (error) => {
          setConfirming(false);
          appToaster.create({
            type: 'error',
            title: intl.formatMessage(m.cancelFailed),
            description: isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
          });
        },
      },
    );

  return (
    <Stack gap="5">
      <PayoutStatusBadge status={payout.status} />
      <DataList.Root orientation="horizontal" size="sm">
        {rows
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel>{name}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
      </DataList.Root>
      <Stack gap="2" as="section" aria-label={intl.formatMessage(m.timeline)}>
        <Text fontWeight="semibold">{intl.formatMessage(m.timeline)}</Text>
        <Stack as="ol" gap="2" ps="4" borderStartWidth="2px">
          {payout.events.map((event, index) => (
            <li key={index}>
              <Text fontSize="sm">
                {intl.formatMessage(m.event, {
                  from: event.from_status ? label(payoutStatusMessages, event.from_status) : '∅',
                  to: label(payoutStatusMessages, event.to_status),
                })}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {when(event.at, intl.locale)}
                {event.note ? ` · ${noteText(event.note, payout.currency, intl)}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
      {canCancel && payout.status === 'waiting' && (
        <Button colorPalette="red" variant="outline" alignSelf="flex-start" onClick={() => setConfirming(true)}>
          {intl.formatMessage(m.cancel)}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(m.cancelTitle)}
        description={intl.formatMessage(m.cancelText)}
        details={[
          { label: intl.formatMessage(m.amount), value: money(payout.amount, payout.currency, intl.locale) },
          { label: intl.formatMessage(m.beneficiary), value: payout.beneficiary_name },
        ]}
        cancelText={intl.formatMessage(m.keep)}
        confirmText={intl.formatMessage(m.cancelConfirm)}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
