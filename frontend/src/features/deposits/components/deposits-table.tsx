import { Box, Button, EmptyState, Flex, Skeleton, Table, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import type { DepositListItem } from '@/api/types';
import { AlertCircleIcon, InboxIcon } from '@/components/icons';
import { RowActionButton } from '@/components/row-action-button';
import { commonMessages } from '@/i18n/messages';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { dateTime, day } from '../lib/display';
import { isRefundable } from '../lib/refund-action';
import { depositsMessages as m, labelOf, methodMessages } from '../messages';
import { StatusBadge } from './status-badge';

export type SortState = { field: string; descending: boolean };

type Props = {
  items: DepositListItem[] | undefined;
  loading: boolean;
  /** A new page is loading while the last one stays on screen. */
  refreshing: boolean;
  error: boolean;
  filtered: boolean;
  sort: SortState;
  skeletonRows: number;
  onRetry: () => void;
  onOpen: (id: string) => void;
  /** The row action "Refund" on paid deposits (absent: no actions column). */
  onRefund?: (deposit: DepositListItem) => void;
};

const NONE = '—';

/** The deposits of one page, with the columns of spec §2, and its loading, empty and error states. */
export function DepositsTable({ items, loading, refreshing, error, filtered, sort, skeletonRows, onRetry, onOpen, onRefund }: Props) {
  const intl = useIntl();
  if (error && !items) {
    return (
      <Message
        icon={<AlertCircleIcon />}
        title={intl.formatMessage(commonMessages.depositsNotFound)}
        text={intl.formatMessage(commonMessages.tryAgainLater)}
        role="alert"
        action={
          <Button variant="outline" onClick={onRetry}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        }
      />
    );
  }
  if (!loading && items && items.length === 0) {
    return <Message icon={<InboxIcon />} title={intl.formatMessage(filtered ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)} role="status" />;
  }

  const ariaSort = (field: string) => (sort.field === field ? (sort.descending ? 'descending' : 'ascending') : undefined);
  const headers: { label: string; field?: string; numeric?: boolean }[] = [
    { label: intl.formatMessage(m.colId) },
    { label: intl.formatMessage(m.colType) },
    { label: intl.formatMessage(m.colStatus) },
    { label: intl.formatMessage(m.colPayer) },
    { label: intl.formatMessage(m.colCoin) },
    { label: intl.formatMessage(m.colAmount), field: 'amount', numeric: true },
    { label: intl.formatMessage(m.colFee), numeric: true },
    { label: intl.formatMessage(m.colDueDate), field: 'due_date' },
    { label: intl.formatMessage(m.colTransactionId) },
    { label: intl.formatMessage(m.colCreated), field: 'created_at' },
    ...(onRefund ? [{ label: intl.formatMessage(m.colActions) }] : []),
  ];

  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={loading || refreshing || undefined} opacity={refreshing ? 0.6 : 1} transition="opacity 0.2s">
        <Table.Caption srOnly>{intl.formatMessage(m.table)}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => (
              <Table.ColumnHeader
                key={header.label}
                scope="col"
                textAlign={header.numeric ? 'end' : undefined}
                aria-sort={header.field ? ariaSort(header.field) : undefined}
                whiteSpace="nowrap"
              >
                {header.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading || !items
            ? Array.from({ length: skeletonRows }, (_, row) => (
                <Table.Row key={row} data-testid="skeleton-row">
                  {headers.map((header) => (
                    <Table.Cell key={header.label}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : items.map((deposit) => <DepositRow key={deposit.id} deposit={deposit} onOpen={onOpen} onRefund={onRefund} />)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function DepositRow({ deposit, onOpen, onRefund }: { deposit: DepositListItem; onOpen: (id: string) => void; onRefund?: (deposit: DepositListItem) => void }) {
  const intl = useIntl();
  const method = labelOf(methodMessages, deposit.method);
  return (
    <Table.Row data-deposit={deposit.id}>
      <Table.Cell>
        <Button
          variant="plain"
          size="xs"
          px="0"
          fontFamily="mono"
          colorPalette="blue"
          color="colorPalette.fg"
          aria-label={intl.formatMessage(m.viewDetails, { id: deposit.id })}
          onClick={() => onOpen(deposit.id)}
        >
          {deposit.id}
        </Button>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{typeof method === 'string' ? method : intl.formatMessage(method)}</Table.Cell>
      <Table.Cell>
        <StatusBadge status={deposit.status} />
      </Table.Cell>
      <Table.Cell>
        <Text>{deposit.payer_name}</Text>
        <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
          {formatDocument(deposit.payer_document)}
        </Text>
      </Table.Cell>
      <Table.Cell>{deposit.currency}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {money(deposit.amount, deposit.currency, intl.locale)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {money(deposit.fee, deposit.currency, intl.locale)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{deposit.due_date ? day(deposit.due_date, intl.locale) : NONE}</Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="xs">
        {deposit.provider_reference || NONE}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{dateTime(deposit.created_at, intl.locale)}</Table.Cell>
      {onRefund && (
        <Table.Cell>
          {isRefundable(deposit) && <RowActionButton action={m.refund} label={m.refundLabel} values={{ id: deposit.id }} colorPalette="red" onClick={() => onRefund(deposit)} />}
        </Table.Cell>
      )}
    </Table.Row>
  );
}

function Message({ icon, title, text, action, role }: { icon: ReactNode; title: string; text?: string; action?: ReactNode; role: 'alert' | 'status' }) {
  return (
    <Box borderWidth="1px" rounded="lg" bg="bg.panel" role={role}>
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>{icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            {text && <EmptyState.Description>{text}</EmptyState.Description>}
          </VStack>
          {action}
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

type PaginationProps = { page: number; hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void };

/** Keyset pages: Previous / Next only (the API does not count pages). */
export function DepositsPagination({ page, hasPrevious, hasNext, onPrevious, onNext }: PaginationProps) {
  const intl = useIntl();
  return (
    <Flex as="nav" aria-label={intl.formatMessage(m.pagination)} align="center" justify="end" gap="3" mt="3">
      <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
        {intl.formatMessage(m.previous)}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {intl.formatMessage(m.page, { number: page })}
      </Text>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
        {intl.formatMessage(m.next)}
      </Button>
    </Flex>
  );
}
