/**
 * Money-out screens composed from their features (a feature never imports another): the payouts list
 * with the bank accounts panel (clients/withdraws), the customer's withdraw and accounts screens.
 */
import { Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { getBankAccountsQueryOptions } from '@/features/bank-accounts/api/get-bank-accounts';
import { BankAccountsPanel } from '@/features/bank-accounts/components/bank-accounts-panel';
import StaffPayoutsScreen from '@/features/payouts/components/staff-payouts-screen';
import { GeneratePayoutDialog } from '@/features/payouts/components/generate-payout-dialog';
import { PayoutsScreen } from '@/features/payouts/components/payouts-screen';
import { payoutsMessages } from '@/features/payouts/messages';
import { useSessionUser } from '@/lib/auth/session';
import { canWrite, isRouteAllowed } from '@/lib/permissions';
import { paths } from '@/config/paths';

import type { ScreenProps } from './screen';

const KIND_OF_ROUTE: Record<string, string> = {
  'clients/manual-withdraws': 'manual',
  'clients/transactional-withdraws': 'transactional',
};

/** clients/withdraws (+ manual and transactional withdraws, with a fixed kind). */
export function WithdrawsScreen({ route, homeHref }: ScreenProps) {
  const user = useSessionUser();
  const kind = KIND_OF_ROUTE[route];
  const accounts = useQuery(getBankAccountsQueryOptions());
  return (
    <PayoutsScreen route={route} homeHref={homeHref} kind={kind} accounts={accounts.data} accountsLoading={accounts.isPending}>
      {!kind && <BankAccountsPanel writable={canWrite(user.role)} />}
    </PayoutsScreen>
  );
}

/** sacar (customers): withdraw to an own account, and the accounts. */
export function CustomerWithdrawScreen({ route, homeHref }: ScreenProps) {
  const intl = useIntl();
  const user = useSessionUser();
  const [generating, setGenerating] = useState(false);
  const accounts = useQuery(getBankAccountsQueryOptions());
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Flex>
        <Button colorPalette="blue" onClick={() => setGenerating(true)}>
          {intl.formatMessage(payoutsMessages.generate)}
        </Button>
      </Flex>
      <BankAccountsPanel writable={canWrite(user.role)} />
      {generating && <GeneratePayoutDialog accounts={accounts.data} accountsLoading={accounts.isPending} onClose={() => setGenerating(false)} />}
      <AppToaster />
    </Stack>
  );
}

/** contas-bancarias (customers). */
export function BankAccountsScreen({ route, homeHref }: ScreenProps) {
  const user = useSessionUser();
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <BankAccountsPanel writable={canWrite(user.role)} />
      <AppToaster />
    </Stack>
  );
}

/** employee/payout-requests, admin/payout-requests: generate for a client; all clients' payouts. */
export function PayoutRequestsScreen({ route, homeHref }: ScreenProps) {
  const user = useSessionUser();
  const transactions = paths.transactions.route;
  const href = isRouteAllowed(transactions, user.menu) ? `${paths.transactions.getHref()}?kind=payout` : undefined;
  return <StaffPayoutsScreen route={route} homeHref={homeHref} allPayoutsHref={href} />;
}

export default WithdrawsScreen;
