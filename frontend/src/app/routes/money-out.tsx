/**
 * Money-out screens composed from their features (a feature never imports another): the payouts list
 * with the bank accounts panel (clients/withdraws), the customer's withdraw and accounts screens, and
 * the wallet withdraws with the balance (client/wallet-withdraws).
 */
import { Box, Heading, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { getBankAccountsQueryOptions } from '@/features/bank-accounts/api/get-bank-accounts';
import { PayoutImportsPanel } from '@/features/payout-imports/components/payout-imports-panel';
import { StaffImportsPanel } from '@/features/payout-imports/components/staff-imports-panel';
import { BankAccountsPanel } from '@/features/bank-accounts/components/bank-accounts-panel';
import StaffPayoutsScreen from '@/features/payouts/components/staff-payouts-screen';
import { PayoutsScreen } from '@/features/payouts/components/payouts-screen';
import { WalletWithdrawDialog } from '@/features/payouts/components/wallet-withdraw-dialog';
import { walletMessages } from '@/features/payouts/wallet-messages';
import { BALANCE_QUERY_KEY, getBalanceQueryOptions } from '@/features/deposits/api/get-balance';
import { Balances } from '@/features/deposits/components/client-home-screen';
import { GeneratePayoutDialog } from '@/features/payouts/components/generate-payout-dialog';
import { payoutsMessages } from '@/features/payouts/messages';
import { WALLET_QUERY_KEY } from '@/features/wallet/api/wallet';
import { WalletBalances } from '@/features/wallet/components/wallet-parts';
import { useCanWrite } from '@/lib/auth/session';

import type { ScreenProps } from './screen';

const KIND_OF_ROUTE: Record<string, string> = {
  'clients/manual-withdraws': 'manual',
  'clients/transactional-withdraws': 'transactional',
};

/** clients/withdraws (+ manual and transactional withdraws, with a fixed kind; manual ones import spreadsheets). */
function WithdrawsScreen({ route, homeHref }: ScreenProps) {
  const writable = useCanWrite(route);
  const kind = KIND_OF_ROUTE[route];
  const accounts = useQuery(getBankAccountsQueryOptions());
  return (
    <PayoutsScreen route={route} homeHref={homeHref} kind={kind} accounts={accounts.data} accountsLoading={accounts.isPending}>
      {!kind && <BankAccountsPanel writable={writable} />}
      {kind === 'manual' && <PayoutImportsPanel writable={writable} />}
    </PayoutsScreen>
  );
}

/**
 * sacar (customers): the customer's wallet balance (what a withdraw may take), the customer's own
 * withdrawals (GET /api/payouts answers only theirs) with the
 * same list, detail and cancel as clients/withdraws, a withdraw to one of their own accounts, and the
 * accounts.
 */
export function CustomerWithdrawScreen({ route, homeHref }: ScreenProps) {
  const writable = useCanWrite(route);
  const queryClient = useQueryClient();
  const accounts = useQuery(getBankAccountsQueryOptions());
  // A withdraw takes amount + fee out of the wallet at once: the balance above is read again.
  const action = {
    label: payoutsMessages.generate,
    dialog: (close: () => void) => (
      <GeneratePayoutDialog accounts={accounts.data} accountsLoading={accounts.isPending} kind="standard" onClose={close} onCreated={() => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY })} />
    ),
  };
  return (
    <PayoutsScreen route={route} homeHref={homeHref} accounts={accounts.data} accountsLoading={accounts.isPending} above={<WalletBalances />} action={action}>
      <BankAccountsPanel writable={writable} />
    </PayoutsScreen>
  );
}

/** contas-bancarias (customers). */
export function BankAccountsScreen({ route, homeHref }: ScreenProps) {
  const writable = useCanWrite(route);
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <BankAccountsPanel writable={writable} />
      <AppToaster />
    </Stack>
  );
}

/**
 * employee/payout-requests, admin/payout-requests: generate for a client, import a spreadsheet for a
 * chosen client; the payouts of every client in scope.
 */
export function PayoutRequestsScreen({ route, homeHref }: ScreenProps) {
  const writable = useCanWrite(route);
  return (
    <StaffPayoutsScreen route={route} homeHref={homeHref}>
      <StaffImportsPanel writable={writable} />
    </StaffPayoutsScreen>
  );
}

/**
 * client/wallet-withdraws: the balance at the top, the company's withdraws to its own accounts (the
 * payouts list fixed to kind wallet, filters in the URL) and "Withdraw to my account".
 */
export function WalletWithdrawsScreen({ route, homeHref }: ScreenProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const accounts = useQuery(getBankAccountsQueryOptions());
  const balances = useQuery(getBalanceQueryOptions());
  const balance = (
    <Box as="section" aria-labelledby="wallet-balance">
      <Heading as="h2" size="lg" id="wallet-balance" mb="4">
        {intl.formatMessage(walletMessages.balance)}
      </Heading>
      <Balances />
    </Box>
  );
  const action = {
    label: walletMessages.action,
    dialog: (close: () => void) => (
      <WalletWithdrawDialog
        accounts={accounts.data}
        accountsLoading={accounts.isPending}
        balances={balances.data}
        onClose={close}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY })}
      />
    ),
  };
  return <PayoutsScreen route={route} homeHref={homeHref} kind="wallet" above={balance} action={action} />;
}

export default WithdrawsScreen;
