import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { routeMessages } from '@/config/menu-messages';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth/session';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';
import { ALWAYS_ALLOWED_ROUTES, isRouteAllowed, landingRoute, normalizeRoute } from '@/lib/permissions';

import { NotFoundScreen } from './not-found';

export type ScreenProps = { route: string; homeHref: string };
type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const ProfileScreen = lazyWithTimeout(() => import('@/features/profile/components/profile-screen'));
const PlaceholderScreen = lazyWithTimeout(() => import('@/features/placeholder/components/placeholder-screen'));
const DepositsScreen = lazyWithTimeout(() => import('./deposits'));
const ClientHomeScreen = lazyWithTimeout(() => import('./client-home'));
const TransactionsScreen = lazyWithTimeout(() => import('@/features/transactions/components/transactions-screen'));
const WithdrawsScreen = lazyWithTimeout(() => import('./money-out'));
const CustomerWithdrawScreen = lazyWithTimeout<ScreenProps>(() => import('./money-out').then((mod) => ({ default: mod.CustomerWithdrawScreen as ComponentType<ScreenProps> })));
const BankAccountsScreen = lazyWithTimeout<ScreenProps>(() => import('./money-out').then((mod) => ({ default: mod.BankAccountsScreen as ComponentType<ScreenProps> })));
const PayoutRequestsScreen = lazyWithTimeout<ScreenProps>(() => import('./money-out').then((mod) => ({ default: mod.PayoutRequestsScreen as ComponentType<ScreenProps> })));
const WalletWithdrawsScreen = lazyWithTimeout<ScreenProps>(() => import('./money-out').then((mod) => ({ default: mod.WalletWithdrawsScreen as ComponentType<ScreenProps> })));
const StaffWalletWithdrawsScreen = lazyWithTimeout(() => import('@/features/payouts/components/staff-wallet-withdraws-screen'));
const CrmScreen = lazyWithTimeout(() => import('@/features/crm/components/crm-screen'));
const CustomersMetricsScreen = lazyWithTimeout(() => import('@/features/customers-metrics/components/customers-metrics-screen'));
const KycContactsScreen = lazyWithTimeout(() => import('@/features/kyc-contacts/components/kyc-contacts-screen'));
const KycConsultScreen = lazyWithTimeout(() => import('@/features/kyc-consult/components/kyc-consult-screen'));
const ComplianceScreen = lazyWithTimeout(() => import('@/features/compliance/components/compliance-screen'));
const RefundsScreen = lazyWithTimeout(() => import('@/features/refunds/components/refunds-screen'));
const CredentialsScreen = lazyWithTimeout(() => import('@/features/credentials/components/credentials-screen'));
const WebhooksScreen = lazyWithTimeout(() => import('@/features/webhooks/components/webhooks-screen'));
const FeeRatesScreen = lazyWithTimeout(() => import('@/features/fee-rates/components/fee-rates-screen'));
const BankRoutingScreen = lazyWithTimeout(() => import('@/features/bank-routing/components/bank-routing-screen'));
const StatsHomeScreen = lazyWithTimeout(() => import('@/features/stats/components/stats-home-screen'));
const MetricsScreen = lazyWithTimeout(() => import('@/features/stats/components/metrics-screen'));
const AlertsScreen = lazyWithTimeout(() => import('@/features/customer-alerts/components/alerts-screen'));
const ClientKycScreen = lazyWithTimeout(() => import('@/features/kyc/components/client-kyc-screen'));
const StaffKycScreen = lazyWithTimeout(() => import('@/features/kyc/components/staff-kyc-screen'));
const MedScreen = lazyWithTimeout(() => import('@/features/med/components/med-screen'));
const ClientMedScreen = lazyWithTimeout(() => import('@/features/med/components/client-med-screen'));
const RestrictionsScreen = lazyWithTimeout(() => import('@/features/restrictions/components/restrictions-screen'));
const PartnerHomeScreen = lazyWithTimeout(() => import('@/features/partner/components/partner-home-screen'));
const PartnerDepositsScreen = lazyWithTimeout(() => import('@/features/partner/components/partner-deposits-screen'));
const PartnerWithdrawsScreen = lazyWithTimeout(() => import('@/features/partner/components/partner-withdraws-screen'));
const WalletHomeScreen = lazyWithTimeout(() => import('@/features/wallet/components/wallet-home-screen'));
const WalletActivityScreen = lazyWithTimeout(() => import('@/features/wallet/components/wallet-activity-screen'));
const WalletDepositScreen = lazyWithTimeout(() => import('@/features/wallet/components/wallet-deposit-screen'));
const PartnerBalanceScreen = lazyWithTimeout(() => import('@/features/partner/components/partner-balance-screen'));
const SettlementsScreen = lazyWithTimeout(() => import('@/features/settlements/components/settlements-screen'));
const AdminClientsScreen = lazyWithTimeout(() => import('@/features/admin-clients/components/admin-clients-screen'));
const MembersScreen = lazyWithTimeout(() => import('@/features/members/components/client-users-screen'));
const PartnerUsersScreen = lazyWithTimeout(() => import('./partner-users-screen'));
const AdminPartnersScreen = lazyWithTimeout(() => import('@/features/admin-partners/components/admin-partners-screen'));
const OperationsScreen = lazyWithTimeout(() => import('@/features/operations/components/operations-screen'));
const NoticesScreen = lazyWithTimeout(() => import('@/features/notices/components/notices-screen'));
const NoticesHomeScreen = lazyWithTimeout(() => import('@/features/notices/components/notices-home-screen'));
const InvoicesScreen = lazyWithTimeout(() => import('@/features/invoices/components/invoices-screen'));
const AuditLogScreen = lazyWithTimeout(() => import('@/features/audit-log/components/audit-log-screen'));
const PlatformConfigScreen = lazyWithTimeout(() => import('@/features/platform-config/components/platform-config-screen'));
const CompanySettingsScreen = lazyWithTimeout(() => import('@/features/company-settings/components/company-settings-screen'));
const ProviderBanksScreen = lazyWithTimeout(() => import('@/features/provider-banks/components/provider-banks-screen'));
const StatementsScreen = lazyWithTimeout(() => import('@/features/statements/components/statements-screen'));
const DirectDepositsScreen = lazyWithTimeout(() => import('@/features/direct-deposits/components/direct-deposits-screen'));
const StaffDirectDepositsScreen = lazyWithTimeout(() => import('@/features/direct-deposits/components/staff-direct-deposits-screen'));
const OverallScreen = lazyWithTimeout(() => import('@/features/stats/components/overall-screen'));
const ReportsScreen = lazyWithTimeout(() => import('@/features/reports/components/reports-screen'));
const VolumeScreen = lazyWithTimeout(() => import('@/features/volume/components/volume-screen'));
const BalancesScreen = lazyWithTimeout(() => import('@/features/statements/components/balances-screen'));
const BatchFilesScreen = lazyWithTimeout(() => import('@/features/batch-files/components/batch-files-screen'));

/**
 * Screens built so far, by menu route. Every other permitted route shows the placeholder screen
 * (title, breadcrumb, empty state) until its feature lands here.
 */
export const SCREENS: Readonly<Record<string, Screen>> = {
  'user/profile': ProfileScreen,
  'pages/profile': ProfileScreen,
  [paths.deposits.route]: DepositsScreen,
  [paths.clientHome.route]: ClientHomeScreen,
  [paths.transactions.route]: TransactionsScreen,
  'clients/withdraws': WithdrawsScreen,
  'clients/manual-withdraws': WithdrawsScreen,
  'clients/transactional-withdraws': WithdrawsScreen,
  sacar: CustomerWithdrawScreen,
  home: WalletHomeScreen,
  atividade: WalletActivityScreen,
  depositar: WalletDepositScreen,
  'contas-bancarias': BankAccountsScreen,
  'employee/payout-requests': PayoutRequestsScreen,
  'admin/payout-requests': PayoutRequestsScreen,
  'admin/compliance': ComplianceScreen,
  'clients/refunds': RefundsScreen,
  'clients/direct_deposits': DirectDepositsScreen,
  'employee/direct_deposits': StaffDirectDepositsScreen,
  'client/credentials': CredentialsScreen,
  'clients/webhooks': WebhooksScreen,
  'client/kyc': ClientKycScreen,
  'admin/customers-kyc': StaffKycScreen,
  'client/wallet-withdraws': WalletWithdrawsScreen,
  'admin/wallet-withdraws': StaffWalletWithdrawsScreen,
  'admin/fee-rates': FeeRatesScreen,
  'admin/deposits-banks': BankRoutingScreen,
  'admin/withdraws-banks': BankRoutingScreen,
  'admin/batch-files': BatchFilesScreen,
  'admin/home': StatsHomeScreen,
  'clients/metrics': MetricsScreen,
  'clients/consolidation': SettlementsScreen,
  'admin/restrictions': RestrictionsScreen,
  'employee/restrictions': RestrictionsScreen,
  'employee/valid-restrictions': RestrictionsScreen,
  'admin/customers-alert': AlertsScreen,
  'client/crm': CrmScreen,
  'client/kyc-consult': KycConsultScreen,
  'admin/customers-metrics': CustomersMetricsScreen,
  'employee/kyc-phones-emails': KycContactsScreen,
  'employee/meds': MedScreen,
  'clients/meds': ClientMedScreen,
  'partner-providers/home': PartnerHomeScreen,
  'partner/balance': PartnerBalanceScreen,
  'partner/deposits': PartnerDepositsScreen,
  'partner-providers/deposits': PartnerDepositsScreen,
  'partner/withdraws': PartnerWithdrawsScreen,
  'admin/clients': AdminClientsScreen,
  // One users screen on /api/members, for the company's, the partner's and the platform's own users.
  'clients/client-user': MembersScreen,
  // The partner's users, and for its administrators a Clientes tab (onboard, suspend, reactivate).
  'partner/users': PartnerUsersScreen,
  'admin/employees': MembersScreen,
  'admin/partners': AdminPartnersScreen,
  // The institution's company follows the money across clients: the admin home's figures, read-only.
  'company/atividade': StatsHomeScreen,
  hms: OperationsScreen,
  // The horizontal variant's Home (/, for the editor: HomeRedirect) and Page 2: the desk of notices to users.
  '': NoticesHomeScreen,
  page2: NoticesScreen,
  [paths.invoices.route]: InvoicesScreen,
  'client/logs': AuditLogScreen,
  'admin/config': PlatformConfigScreen,
  'clients/config': CompanySettingsScreen,
  'clients/provider-banks': ProviderBanksScreen,
  'admin/statements': StatementsScreen,
  'financial/statements': StatementsScreen,
  'admin/clients-balance': BalancesScreen,
  'admin/volume': VolumeScreen,
  'admin/overall': OverallScreen,
  'admin/reports': ReportsScreen,
};

/** Any path inside the shell: permitted iff the route is in the user's menu (or a profile route). */
export function ScreenRoute() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const route = normalizeRoute(pathname);
  const homeHref = paths.screen.getHref(user.home);
  // An address that is no route of the product is "not found"; a route of another role, "not authorized".
  const known = Object.hasOwn(routeMessages, route) || Object.hasOwn(SCREENS, route) || ALWAYS_ALLOWED_ROUTES.includes(route);
  if (!known) return <NotFoundScreen homeHref={homeHref} />;
  if (!isRouteAllowed(route, user.menu)) return <Navigate to={paths.notAuthorized.getHref()} replace />;
  const Screen = (Object.hasOwn(SCREENS, route) ? SCREENS[route] : undefined) ?? PlaceholderScreen;
  return <Screen key={route} route={route} homeHref={homeHref} />;
}

/** /plataforma: the signed-in user's home route (or the first menu entry when home is not permitted). */
export function HomeRedirect() {
  const user = useSessionUser();
  const landing = normalizeRoute(landingRoute(user.home, user.menu));
  // The horizontal variant's Home is / itself: the editor's home is shown here, not redirected to.
  if (landing === '') {
    const Home = SCREENS[''] ?? PlaceholderScreen;
    return <Home route="" homeHref={paths.screen.getHref('')} />;
  }
  return <Navigate to={paths.screen.getHref(landing)} replace />;
}
