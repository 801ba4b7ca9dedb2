import { Button, EmptyState, Flex, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { ComplianceItem } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { formatDateTime, money } from '@/lib/format';

import { getComplianceQueueQueryOptions } from '../api/get-compliance-queue';
import { complianceMessages as m } from '../messages';
import { ApprovePayoutDialog, RejectDialog } from './review-dialogs';

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);

/** admin/compliance ("Saques", KYC): the review queue across clients, approve or reject with a reason. */
export default function ComplianceScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const queue = useQuery(getComplianceQueueQueryOptions({ cursor }));
  const [rejecting, setRejecting] = useState<ComplianceItem | null>(null);
  const [approving, setApproving] = useState<ComplianceItem | null>(null);

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
                        <Button size="xs" colorPalette="green" aria-label={intl.formatMessage(m.approveLabel, { id: item.id })} onClick={() => setApproving(item)}>
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
      {approving && <ApprovePayoutDialog item={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />}
      <AppToaster />
    </Stack>
  );
}
