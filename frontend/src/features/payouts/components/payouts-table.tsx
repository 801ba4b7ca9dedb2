import { Button, EmptyState, Flex, Skeleton, Table, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import type { Payout } from '@/api/types';
import { commonMessages } from '@/i18n/messages';
import { money } from '@/lib/format';

import { when, withDigit } from '../lib/display';
import { labelOf, payoutMethodMessages, payoutsMessages as m } from '../messages';
import { PayoutStatusBadge } from './status-badge';

type Props = {
  items: Payout[] | undefined;
  loading: boolean;
  error: boolean;
  filtered: boolean;
  showClient?: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
};

/** Columns of spec §2: account, agency, bank, operation, withdraw method; plus amount, fee, status, dates. */
export function PayoutsTable({ items, loading, error, filtered, showClient, onRetry, onOpen }: Props) {
  const intl = useIntl();
  if (error) {
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg">
        <EmptyState.Content>
          <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
          <Button size="sm" onClick={onRetry}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  if (!loading && items && items.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
        <EmptyState.Content>
          <EmptyState.Title>{intl.formatMessage(commonMessages.withdrawalsNotFound)}</EmptyState.Title>
          <EmptyState.Description>
            {intl.formatMessage(filtered ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}
          </EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const method = (value: string) => {
    const label = labelOf(payoutMethodMessages, value);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-busy={loading || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.id)}</Table.ColumnHeader>
            {showClient && <Table.ColumnHeader>{intl.formatMessage(m.client)}</Table.ColumnHeader>}
            <Table.ColumnHeader>{intl.formatMessage(m.beneficiary)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.account)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.agency)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.bank)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.operation)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.method)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.amount)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.fee)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.status)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.createdAt)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.finishedAt)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading && !items
            ? Array.from({ length: 5 }, (_, index) => (
                <Table.Row key={index}>
                  <Table.Cell colSpan={showClient ? 13 : 12}>
                    <Skeleton height="5" />
                  </Table.Cell>
                </Table.Row>
              ))
            : items?.map((payout) => (
                <Table.Row key={payout.id} data-payout={payout.id}>
                  <Table.Cell>
                    <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(payout.id)} aria-label={intl.formatMessage(m.open, { id: payout.id })}>
                      {payout.id}
                    </Button>
                  </Table.Cell>
                  {showClient && <Table.Cell>{payout.client.name}</Table.Cell>}
                  <Table.Cell>{payout.beneficiary_name}</Table.Cell>
                  <Table.Cell>{payout.account ? withDigit(payout.account, payout.account_digit) : payout.pix_key}</Table.Cell>
                  <Table.Cell>{withDigit(payout.agency, payout.agency_digit)}</Table.Cell>
                  <Table.Cell>{payout.bank ? [payout.bank.compe, payout.bank.name].filter(Boolean).join(' ') : ''}</Table.Cell>
                  <Table.Cell>{payout.operation}</Table.Cell>
                  <Table.Cell>{method(payout.withdraw_method)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(payout.amount, payout.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(payout.fee ?? 0, payout.currency, intl.locale)}
                  </Table.Cell>
                  <Table.Cell>
                    <PayoutStatusBadge status={payout.status} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(payout.created_at, intl.locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{when(payout.finished_at, intl.locale)}</Table.Cell>
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function Pagination({ page, hasPrevious, hasNext, onPrevious, onNext }: { page: number; hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void }) {
  const intl = useIntl();
  return (
    <Flex justify="flex-end" align="center" gap="3" mt="3">
      <Text fontSize="sm" color="fg.muted">
        {intl.formatMessage(m.page, { page })}
      </Text>
      <Button size="sm" variant="outline" disabled={!hasPrevious} onClick={onPrevious}>
        {intl.formatMessage(m.previous)}
      </Button>
      <Button size="sm" variant="outline" disabled={!hasNext} onClick={onNext}>
        {intl.formatMessage(m.next)}
      </Button>
    </Flex>
  );
}
