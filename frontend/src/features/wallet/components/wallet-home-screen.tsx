import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { RouteHeader } from '@/components/route-header';

import { getWalletActivityQueryOptions } from '../api/wallet';
import { walletMessages as m } from '../messages';
import { ActivityTable } from './activity-table';
import { WalletBalances } from './wallet-parts';

const RECENT = 5;

/** home (customers): the wallet balance per currency and the last few deposits and withdraws. */
export default function WalletHomeScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const activity = useQuery({ ...getWalletActivityQueryOptions({}), select: (rows) => rows.slice(0, RECENT) });
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Heading as="h2" size="lg">
        {intl.formatMessage(m.balanceTitle)}
      </Heading>
      <WalletBalances />
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {intl.formatMessage(m.recent)}
        </Heading>
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/atividade">{intl.formatMessage(m.seeAll)}</RouterLink>
          </Button>
          <Button asChild size="sm">
            <RouterLink to="/depositar">{intl.formatMessage(m.addMoney)}</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <ActivityTable query={activity} />
    </Stack>
  );
}
