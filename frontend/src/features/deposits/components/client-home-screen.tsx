import { Box, Button, Card, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import type { Balance } from '@/api/types';
import { DataGrid } from '@/components/kit';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth/session';
import { isRouteAllowed } from '@/lib/permissions';
import { money } from '@/lib/format';

import { getBalanceQueryOptions } from '../api/get-balance';
import { getDepositsQueryOptions } from '../api/get-deposits';
import { HOME_LATEST_COUNT, PAGE_SIZES } from '../lib/constants';

import { depositsMessages as m } from '../messages';
import { depositColumns } from './deposit-columns';

/** clients/home: the balance per currency, the period's figures (`figures`, from the statistics) and the latest deposits. */
export default function ClientHomeScreen({ route, homeHref, figures }: { route: string; homeHref: string; figures?: ReactNode }) {
  const intl = useIntl();
  const user = useSessionUser();
  const canSeeDeposits = isRouteAllowed(paths.deposits.route, user.menu);
  return (
    <Stack gap="8">
      <RouteHeader route={route} homeHref={homeHref} />
      <Box as="section" aria-labelledby="home-balance">
        <Heading as="h2" size="lg" id="home-balance" mb="4">
          {intl.formatMessage(m.balance)}
        </Heading>
        <Balances />
      </Box>
      {figures && (
        <Box as="section" aria-labelledby="home-figures">
          <Heading as="h2" size="lg" id="home-figures" mb="4">
            {intl.formatMessage(m.figures)}
          </Heading>
          {figures}
        </Box>
      )}
      {canSeeDeposits && (
        <Box as="section" aria-labelledby="home-latest">
          <Heading as="h2" size="lg" id="home-latest" mb="4">
            {intl.formatMessage(m.latestDeposits)}
          </Heading>
          <LatestDeposits />
        </Box>
      )}
    </Stack>
  );
}

/** The balance per currency (available, pending, held): also on client/wallet-withdraws. */
export function Balances() {
  const intl = useIntl();
  const balance = useQuery(getBalanceQueryOptions());
  if (balance.isPending) return <Skeleton h="28" rounded="lg" aria-busy="true" />;
  if (balance.isError) {
    return (
      <Text role="alert" color="fg.muted">
        {intl.formatMessage(commonMessages.tryAgainLater)}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      {balance.data.map((row) => (
        <BalanceCard key={row.currency} balance={row} />
      ))}
    </SimpleGrid>
  );
}

function BalanceCard({ balance }: { balance: Balance }) {
  const intl = useIntl();
  const id = `balance-${balance.currency}`;
  const figure = (label: string, cents: number) => (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{money(cents, balance.currency, intl.locale)}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Card.Title as="h3" id={id}>
          {intl.formatMessage(m.balanceIn, { currency: balance.currency })}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={3} gap="4">
          {figure(intl.formatMessage(m.available), balance.available)}
          {figure(intl.formatMessage(m.pendingBalance), balance.pending)}
          {figure(intl.formatMessage(m.held), balance.held)}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function LatestDeposits() {
  const intl = useIntl();
  const navigate = useNavigate();
  // The API's smallest page is 10: ask for it and show the first five.
  const latest = useQuery(getDepositsQueryOptions({ per_page: PAGE_SIZES[0] }));
  if (latest.isError && isApiError(latest.error) && latest.error.status === 403) return null;
  return (
    <Stack gap="3">
      {latest.isError && !latest.data ? (
        <LoadError title={intl.formatMessage(commonMessages.depositsNotFound)} onRetry={() => void latest.refetch()} />
      ) : latest.data && latest.data.items.length === 0 ? (
        <EmptyBlock title={intl.formatMessage(commonMessages.depositsNotFound)} description={intl.formatMessage(commonMessages.noRecords)} />
      ) : (
        <DataGrid
          caption={intl.formatMessage(m.table)}
          columns={depositColumns(intl, (id) => navigate(paths.deposits.getHref(id)))}
          rows={latest.data?.items.slice(0, HOME_LATEST_COUNT)}
          rowKey={(row) => row.id}
          busy={latest.isPending}
          skeletonRows={HOME_LATEST_COUNT}
          sort="-created_at"
        />
      )}
      <Button asChild variant="outline" alignSelf="start" size="sm">
        <RouterLink to={paths.deposits.getHref()}>{intl.formatMessage(m.viewAll)}</RouterLink>
      </Button>
    </Stack>
  );
}
