import { Button, CloseButton, Dialog, EmptyState, Field, Flex, HStack, Portal, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { ComplianceItem } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, money } from '@/lib/format';

import { getComplianceQueueQueryOptions } from '../api/get-compliance-queue';
import { useReviewPayout } from '../api/review-payout';
import { validateRejectReason } from '../lib/reject-form';
import { complianceMessages as m } from '../messages';

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);

/** admin/compliance ("Saques", KYC): the review queue across clients, approve or reject with a reason. */
export default function ComplianceScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const queue = useQuery(getComplianceQueueQueryOptions({ cursor }));
  const review = useReviewPayout();
  const [rejecting, setRejecting] = useState<ComplianceItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const fail = (error: unknown) =>
    appToaster.create({
      type: 'error',
      title: intl.formatMessage(m.reviewFailed),
      // Maker-checker and state refusals come translated from the server.
      description: isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
    });

  const approve = (item: ComplianceItem) => {
    setBusyId(item.id);
    review.mutate(
      { id: item.id, decision: 'approve' },
      {
        onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.approved, { id: item.id }) }),
        onError: fail,
        onSettled: () => setBusyId(null),
      },
    );
  };

  const items = queue.data?.items;
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text fontWeight="semibold">{intl.formatMessage(m.queue)}</Text>
      {queue.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void queue.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : items && items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(commonMessages.withdrawalsNotFound)}</EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(commonMessages.noRecords)}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm" aria-busy={queue.isPending || undefined}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{intl.formatMessage(m.id)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.client)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.beneficiary)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.method)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.amount)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.createdAt)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.actions)}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!items ? (
                <Table.Row>
                  <Table.Cell colSpan={7}>
                    <Skeleton height="5" />
                  </Table.Cell>
                </Table.Row>
              ) : (
                items.map((item) => (
                  <Table.Row key={item.id} data-payout={item.id}>
                    <Table.Cell fontFamily="mono">{item.id}</Table.Cell>
                    <Table.Cell>{item.client.name}</Table.Cell>
                    <Table.Cell>
                      {item.beneficiary_name} ({item.beneficiary_document})
                    </Table.Cell>
                    <Table.Cell>{item.withdraw_method === 'ted' ? intl.formatMessage(m.ted) : item.withdraw_method === 'pix' ? intl.formatMessage(m.pix) : item.withdraw_method}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {money(item.amount, item.currency, intl.locale)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(item.created_at, intl.locale)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2">
                        <Button size="xs" colorPalette="green" loading={busyId === item.id} aria-label={intl.formatMessage(m.approveLabel, { id: item.id })} onClick={() => approve(item)}>
                          {intl.formatMessage(m.approve)}
                        </Button>
                        <Button size="xs" colorPalette="red" variant="outline" aria-label={intl.formatMessage(m.rejectLabel, { id: item.id })} onClick={() => setRejecting(item)}>
                          {intl.formatMessage(m.reject)}
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {(cursor || queue.data?.next_cursor) && (
        <Flex justify="flex-end" gap="3">
          {cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(undefined)}>
              {intl.formatMessage(m.first)}
            </Button>
          )}
          {queue.data?.next_cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(queue.data?.next_cursor ?? undefined)}>
              {intl.formatMessage(m.next)}
            </Button>
          )}
        </Flex>
      )}
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} onFail={fail} />}
      <AppToaster />
    </Stack>
  );
}

export function RejectDialog({ item, onClose, onFail }: { item: ComplianceItem; onClose: () => void; onFail: (error: unknown) => void }) {
  const intl = useIntl();
  const review = useReviewPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRejectReason(reason);
    if (!checked.ok) {
      setError(true);
      return;
    }
    review.mutate(
      { id: item.id, decision: 'reject', reason: checked.reason },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.rejected, { id: item.id }) });
          onClose();
        },
        onError: (failure) => {
          onFail(failure);
          onClose();
        },
      },
    );
  };

  const title = intl.formatMessage(m.rejectTitle, { id: item.id });
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label={title} style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text mb="3">
                  {item.client.name} · {money(item.amount, item.currency, intl.locale)}
                </Text>
                <Field.Root invalid={error} required>
                  <Field.Label>{intl.formatMessage(m.reason)}</Field.Label>
                  <Textarea
                    value={reason}
                    maxLength={200}
                    onChange={(e) => {
                      setReason(e.currentTarget.value);
                      setError(false);
                    }}
                  />
                  <Field.ErrorText>{intl.formatMessage(m.reasonRequired)}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {intl.formatMessage(m.cancel)}
                </Button>
                <Button type="submit" colorPalette="red" loading={review.isPending}>
                  {intl.formatMessage(m.confirmReject)}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
