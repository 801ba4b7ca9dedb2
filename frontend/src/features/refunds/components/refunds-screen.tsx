import { Badge, Button, EmptyState, Field, Flex, Input, Skeleton, Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useSessionUser } from '@/lib/auth/session';
import { formatDateTime, money } from '@/lib/format';
import { canWrite } from '@/lib/permissions';

import { getRefundsQueryOptions } from '../api/get-refunds';
import { refundStatusMessages, refundsMessages as m } from '../messages';
import { RefundDialog } from './refund-dialog';

const when = (iso: string | null, locale: string) => (iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), locale) : '');
const PALETTE: Record<string, string> = { pending: 'yellow', confirmed: 'green', failed: 'red' };

/**
 * clients/refunds ("Estornos"): the refunds, and "Refund" (deposit id + amount + reason). A link from a
 * deposit opens the form with `?refund=<deposit id>`.
 */
export default function RefundsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const deposit = params.get('deposit') ?? '';
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const list = useQuery(getRefundsQueryOptions({ deposit: deposit || undefined, cursor }));
  const refundFor = params.get('refund');
  const [formOpen, setFormOpen] = useState(refundFor !== null);
  const [filter, setFilter] = useState(deposit);

  const closeForm = () => {
    setFormOpen(false);
    if (refundFor !== null) {
      const next = new URLSearchParams(params);
      next.delete('refund');
      setParams(next, { replace: true });
    }
  };
  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (filter.trim()) next.set('deposit', filter.trim());
    else next.delete('deposit');
    setCursor(undefined);
    setParams(next);
  };

  const items = list.data?.items;
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {canWrite(user.role) && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setFormOpen(true)}>
            {intl.formatMessage(m.refund)}
          </Button>
        </Flex>
      )}
      <Flex as="form" gap="3" align="flex-end" onSubmit={applyFilter}>
        <Field.Root maxW="sm">
          <Field.Label>{intl.formatMessage(m.filterDeposit)}</Field.Label>
          <Input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
        </Field.Root>
        <Button type="submit" variant="outline">
          {intl.formatMessage(m.filterDeposit)}
        </Button>
      </Flex>
      {list.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void list.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : items && items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.notFound)}</EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(deposit ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm" aria-busy={list.isPending || undefined}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{intl.formatMessage(m.id)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.deposit)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.payer)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.amountCol)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.status)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.reasonCol)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.createdAt)}</Table.ColumnHeader>
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
                items.map((refund) => (
                  <Table.Row key={refund.id} data-refund={refund.id}>
                    <Table.Cell fontFamily="mono">{refund.id}</Table.Cell>
                    <Table.Cell fontFamily="mono">{refund.deposit_id}</Table.Cell>
                    <Table.Cell>{refund.payer_name}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {money(refund.amount, refund.currency, intl.locale)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={PALETTE[refund.status] ?? 'gray'} variant="subtle">
                        {intl.formatMessage(refundStatusMessages[refund.status])}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{refund.reason}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(refund.created_at, intl.locale)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {(cursor || list.data?.next_cursor) && (
        <Flex justify="flex-end" gap="3">
          {cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(undefined)}>
              {intl.formatMessage(m.first)}
            </Button>
          )}
          {list.data?.next_cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(list.data?.next_cursor ?? undefined)}>
              {intl.formatMessage(m.next)}
            </Button>
          )}
        </Flex>
      )}
      {formOpen && <RefundDialog depositId={refundFor ?? ''} onClose={closeForm} />}
      <AppToaster />
    </Stack>
  );
}
