import ClientHomeScreen from '@/features/deposits/components/client-home-screen';
import { StatsDashboard } from '@/features/stats/components/stats-dashboard';

import type { ScreenProps } from './screen';

/** clients/home: the balances and latest deposits, with the month's figures of the statistics between them. */
export default function ClientHomeRoute(props: ScreenProps) {
  return <ClientHomeScreen {...props} figures={<StatsDashboard balance={false} />} />;
}
