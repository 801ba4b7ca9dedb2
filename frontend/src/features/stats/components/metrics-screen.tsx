import { Stack } from '@chakra-ui/react';

import { RouteHeader } from '@/components/route-header';

import { StatsDashboard } from './stats-dashboard';

/** clients/metrics: a period's figures against the period of the same length before it, with the change in percent. */
export default function MetricsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <StatsDashboard compare />
    </Stack>
  );
}
