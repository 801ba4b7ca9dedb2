import { Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { FilterSelect, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';

import { getWalletActivityQueryOptions } from '../api/wallet';
import { ACTIVITY_KINDS, ACTIVITY_STATUSES, CURRENCIES, walletActivityList } from '../lib/lists';
import { kindMessages, statusMessages, walletMessages as m } from '../messages';
import { ActivityTable } from './activity-table';

const one = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/** atividade (customers): every deposit and withdraw of the customer, filtered by type, status and currency (in the URL). */
export default function WalletActivityScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(walletActivityList);
  const { filters } = list.state;
  const query = useQuery(getWalletActivityQueryOptions({ kind: one(filters.kind), status: one(filters.status), currency: one(filters.currency) }));
  const text = (value: MessageDescriptor) => intl.formatMessage(value);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Flex gap="3" wrap="wrap" align="end" role="group" aria-label={text(m.activityTable)}>
        <FilterSelect list={list} name="kind" label={text(m.kind)} allLabel={text(m.allKinds)} options={ACTIVITY_KINDS.map((value) => ({ value, label: text(kindMessages[value]) }))} />
        <FilterSelect list={list} name="status" label={text(m.status)} allLabel={text(m.allStatuses)} options={ACTIVITY_STATUSES.map((value) => ({ value, label: text(statusMessages[value]) }))} />
        <FilterSelect list={list} name="currency" label={text(m.currency)} allLabel={text(m.allCurrencies)} options={CURRENCIES.map((value) => ({ value, label: value }))} />
        {list.filtered && (
          <Button size="sm" variant="ghost" onClick={list.clear}>
            {text(m.clear)}
          </Button>
        )}
      </Flex>
      <ActivityTable query={query} filtered={list.filtered} />
    </Stack>
  );
}
