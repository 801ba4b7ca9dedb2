import { Badge, Card, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type MessageDescriptor, useIntl } from 'react-intl';

import type { WalletActivity } from '@/api/types';
import type { GridColumn } from '@/components/kit';
import { money } from '@/lib/format';

import { getWalletQueryOptions } from '../api/wallet';
import { kindMessages, labelOf, methodMessages, statusMessages, walletMessages as m } from '../messages';

/** The customer's wallet balance per currency (GET /api/wallet), one card each. */
export function WalletBalances() {
  const intl = useIntl();
  const wallet = useQuery(getWalletQueryOptions());
  if (wallet.isPending) return <Skeleton h="24" rounded="lg" aria-busy="true" />;
  if (wallet.isError) {
    return (
      <Text role="alert" color="fg.muted">
        {intl.formatMessage(m.loadError)}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {wallet.data.map((row) => (
        <Card.Root key={row.currency} as="section" aria-label={intl.formatMessage(m.balanceOf, { currency: row.currency })}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{intl.formatMessage(m.balanceOf, { currency: row.currency })}</Stat.Label>
              <Stat.ValueText fontSize="2xl">{money(row.available, row.currency, intl.locale)}</Stat.ValueText>
              <Stat.HelpText>{intl.formatMessage(m.balanceHint)}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** The activity table's columns (home's recent activity and atividade). */
export function useActivityColumns(): GridColumn<WalletActivity>[] {
  const intl = useIntl();
  const text = (value: MessageDescriptor | string) => (typeof value === 'string' ? value : intl.formatMessage(value));
  return [
    { key: 'created_at', priority: 1, header: text(m.colDate), cell: (row) => intl.formatDate(row.created_at, { dateStyle: 'short', timeStyle: 'short' }) },
    { key: 'kind', priority: 1, card: 'title', header: text(m.colKind), cell: (row) => text(labelOf(kindMessages, row.kind)) },
    { key: 'method', priority: 2, header: text(m.colMethod), cell: (row) => text(labelOf(methodMessages, row.method)) },
    { key: 'status', priority: 1, card: 'status', header: text(m.colStatus), cell: (row) => <Badge>{text(labelOf(statusMessages, row.status))}</Badge> },
    { key: 'amount', priority: 1, card: 'amount', header: text(m.colAmount), numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', priority: 3, header: text(m.colFee), numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'id', priority: 3, mono: true, header: text(m.colId), cell: (row) => row.id },
  ];
}
