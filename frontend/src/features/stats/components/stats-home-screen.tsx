import { Stack } from '@chakra-ui/react';

import { RouteHeader } from '@/components/route-header';

import { StatsDashboard } from './stats-dashboard';

/** admin/home: the current month across every client the staff member may see (or one), in one currency. */
export default function StatsHomeScreen({ route, homeHref }: { route: string; homeHref: string }) {
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <StatsDashboard />
    </Stack>
  );
}
