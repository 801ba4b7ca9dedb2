import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';

import { RouteHeader } from '@/components/route-header';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { StaffPayoutsList } from './staff-payouts-list';

/**
 * admin/wallet-withdraws: every client's withdraws to their own accounts (GET
 * /api/transactions/wallet-withdraws, scoped by the server), with status, client and period filters,
 * sort, page size and the keyset page in the URL; a row's ID opens the withdraw's detail (read-only).
 */
export default function StaffWalletWithdrawsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const clients = useQuery(getStaffClientsQueryOptions());
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <StaffPayoutsList kind="wallet" clients={clients.data} />
    </Stack>
  );
}
