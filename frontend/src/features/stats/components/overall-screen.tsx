import { Stack } from '@chakra-ui/react';

import { RouteHeader } from '@/components/route-header';

import { StatsDashboard } from './stats-dashboard';

/**
 * admin/overall: the platform's picture of a period across every client: deposits and withdrawals by
 * outcome, fees earned, money paid by method, active clients and the top clients, each set against the
 * period of the same length before it.
 */
export default function OverallScreen({ route, homeHref }: { route: string; homeHref: string }) {
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <StatsDashboard compare volume />
    </Stack>
  );
}
