import { type MessageDescriptor, defineMessages } from 'react-intl';

import { normalizeRoute } from '@/lib/permissions';

export const groupMessages = defineMessages({
  customer: { id: 'menu.group.customer', defaultMessage: 'My account' },
  client_reports: { id: 'menu.group.client_reports', defaultMessage: 'Reports' },
  client_finance: { id: 'menu.group.client_finance', defaultMessage: 'Finance' },
  general: { id: 'menu.group.general', defaultMessage: 'General' },
  admin_home: { id: 'menu.group.admin_home', defaultMessage: 'Administration' },
  admin_banks: { id: 'menu.group.admin_banks', defaultMessage: 'Banks IN/OUT' },
  admin_kyc: { id: 'menu.group.admin_kyc', defaultMessage: 'KYC' },
  admin_fees: { id: 'menu.group.admin_fees', defaultMessage: 'Fees and balances' },
  admin_clients: { id: 'menu.group.admin_clients', defaultMessage: 'Clients and users' },
  admin_config: { id: 'menu.group.admin_config', defaultMessage: 'Settings and utilities' },
  partner: { id: 'menu.group.partner', defaultMessage: 'Partner' },
  company: { id: 'menu.group.company', defaultMessage: 'Company' },
  operations: { id: 'menu.group.operations', defaultMessage: 'Operations' },
  horizontal: { id: 'menu.group.horizontal', defaultMessage: 'Pages' },
  other: { id: 'menu.group.other', defaultMessage: 'Other' },
});

/** Title of every route of spec §2 (Portuguese given there where known). */
export const routeMessages = defineMessages({
  home: { id: 'menu.route.home', defaultMessage: 'Home' },
  atividade: { id: 'menu.route.atividade', defaultMessage: 'Activity' },
  depositar: { id: 'menu.route.depositar', defaultMessage: 'Deposit' },
  sacar: { id: 'menu.route.sacar', defaultMessage: 'Withdraw' },
  'contas-bancarias': { id: 'menu.route.contas-bancarias', defaultMessage: 'Bank accounts' },
  'clients/direct_deposits': { id: 'menu.route.clients.direct_deposits', defaultMessage: 'Key deposits' },
  'clients/home': { id: 'menu.route.clients.home', defaultMessage: 'Home' },
  'clients/metrics': { id: 'menu.route.clients.metrics', defaultMessage: 'Metrics' },
  'clients/consolidation': { id: 'menu.route.clients.consolidation', defaultMessage: 'Consolidation' },
  'clients/provider-banks': { id: 'menu.route.clients.provider-banks', defaultMessage: 'Provider banks' },
  'client/wallet-withdraws': { id: 'menu.route.client.wallet-withdraws', defaultMessage: 'Wallet withdrawals' },
  'client/kyc': { id: 'menu.route.client.kyc', defaultMessage: 'KYC' },
  'clients/payments': { id: 'menu.route.clients.payments', defaultMessage: 'Deposits' },
  'clients/withdraws': { id: 'menu.route.clients.withdraws', defaultMessage: 'Withdrawals' },
  'clients/manual-withdraws': { id: 'menu.route.clients.manual-withdraws', defaultMessage: 'Manual withdrawals' },
  'clients/transactional-withdraws': {
    id: 'menu.route.clients.transactional-withdraws',
    defaultMessage: 'Transactional withdrawals',
  },
  'clients/refunds': { id: 'menu.route.clients.refunds', defaultMessage: 'Refunds' },
  'clients/meds': { id: 'menu.route.clients.meds', defaultMessage: 'MED claims' },
  'employee/transactions': { id: 'menu.route.employee.transactions', defaultMessage: 'Transactions' },
  'employee/payout-requests': { id: 'menu.route.employee.payout-requests', defaultMessage: 'Payout requests' },
  'clients/client-user': { id: 'menu.route.clients.client-user', defaultMessage: 'Users' },
  'clients/config': { id: 'menu.route.clients.config', defaultMessage: 'Settings' },
  'employee/restrictions': { id: 'menu.route.employee.restrictions', defaultMessage: 'Restrictions' },
  'employee/valid-restrictions': {
    id: 'menu.route.employee.valid-restrictions',
    defaultMessage: 'Validate restrictions',
  },
  'client/logs': { id: 'menu.route.client.logs', defaultMessage: 'Logs' },
  'client/crm': { id: 'menu.route.client.crm', defaultMessage: 'CRM' },
  'employee/direct_deposits': { id: 'menu.route.employee.direct_deposits', defaultMessage: 'Key deposits' },
  'employee/meds': { id: 'menu.route.employee.meds', defaultMessage: 'MEDs' },
  'client/credentials': { id: 'menu.route.client.credentials', defaultMessage: 'Credentials' },
  'clients/webhooks': { id: 'menu.route.clients.webhooks', defaultMessage: 'Webhooks' },
  'admin/home': { id: 'menu.route.admin.home', defaultMessage: 'Home' },
  'admin/reports': { id: 'menu.route.admin.reports', defaultMessage: 'Reports' },
  'admin/customers-alert': { id: 'menu.route.admin.customers-alert', defaultMessage: 'Customer alerts' },
  'admin/overall': { id: 'menu.route.admin.overall', defaultMessage: 'Overview' },
  'admin/invoices': { id: 'menu.route.admin.invoices', defaultMessage: 'Invoices' },
  'admin/volume': { id: 'menu.route.admin.volume', defaultMessage: 'Volume report' },
  'admin/payout-requests': { id: 'menu.route.admin.payout-requests', defaultMessage: 'Payout requests' },
  'admin/deposits-banks': { id: 'menu.route.admin.deposits-banks', defaultMessage: 'Deposit banks' },
  'admin/withdraws-banks': { id: 'menu.route.admin.withdraws-banks', defaultMessage: 'Withdrawal banks' },
  'admin/batch-files': { id: 'menu.route.admin.batch-files', defaultMessage: 'Batch files' },
  'admin/compliance': { id: 'menu.route.admin.compliance', defaultMessage: 'Withdrawals' },
  'admin/restrictions': { id: 'menu.route.admin.restrictions', defaultMessage: 'Restrictions' },
  'admin/customers-kyc': { id: 'menu.route.admin.customers-kyc', defaultMessage: 'Customer KYC' },
  'admin/customers-metrics': { id: 'menu.route.admin.customers-metrics', defaultMessage: 'Customer metrics' },
  'admin/fee-rates': { id: 'menu.route.admin.fee-rates', defaultMessage: 'Fee rates' },
  'admin/statements': { id: 'menu.route.admin.statements', defaultMessage: 'Statements' },
  'admin/wallet-withdraws': { id: 'menu.route.admin.wallet-withdraws', defaultMessage: 'Wallet withdrawals' },
  'admin/clients-balance': { id: 'menu.route.admin.clients-balance', defaultMessage: 'Client balances' },
  'admin/clients': { id: 'menu.route.admin.clients', defaultMessage: 'Clients' },
  'admin/employees': { id: 'menu.route.admin.employees', defaultMessage: 'Employees' },
  'admin/partners': { id: 'menu.route.admin.partners', defaultMessage: 'Partners' },
  'financial/statements': { id: 'menu.route.financial.statements', defaultMessage: 'Financial statements' },
  'employee/kyc-phones-emails': {
    id: 'menu.route.employee.kyc-phones-emails',
    defaultMessage: 'KYC phones and e-mails',
  },
  'client/kyc-consult': { id: 'menu.route.client.kyc-consult', defaultMessage: 'KYC lookup' },
  'admin/config': { id: 'menu.route.admin.config', defaultMessage: 'Settings' },
  'partner-providers/home': { id: 'menu.route.partner-providers.home', defaultMessage: 'Providers home' },
  'partner/balance': { id: 'menu.route.partner.balance', defaultMessage: 'Balance' },
  'partner/deposits': { id: 'menu.route.partner.deposits', defaultMessage: 'Deposits' },
  'partner-providers/deposits': { id: 'menu.route.partner-providers.deposits', defaultMessage: 'Provider deposits' },
  'partner/withdraws': { id: 'menu.route.partner.withdraws', defaultMessage: 'Withdrawals' },
  'partner/users': { id: 'menu.route.partner.users', defaultMessage: 'Users' },
  'company/atividade': { id: 'menu.route.company.atividade', defaultMessage: 'Activity' },
  hms: { id: 'menu.route.hms', defaultMessage: 'System health' },
  '': { id: 'menu.route.root', defaultMessage: 'Home' },
  page2: { id: 'menu.route.page2', defaultMessage: 'Notices' },
  'user/profile': { id: 'menu.route.user.profile', defaultMessage: 'Edit profile' },
  'pages/profile': { id: 'menu.route.pages.profile', defaultMessage: 'Profile' },
  unknown: { id: 'menu.route.unknown', defaultMessage: 'Screen {route}' },
});

type Descriptor = MessageDescriptor & { id: string };

/** Title of a route; routes the catalog does not know yet get a generic title with their path. */
export function routeTitle(route: string): { descriptor: Descriptor; values?: Record<string, string> } {
  const key = normalizeRoute(route);
  const known = Object.hasOwn(routeMessages, key) ? (routeMessages as Record<string, Descriptor>)[key] : undefined;
  return known && key !== 'unknown' ? { descriptor: known } : { descriptor: routeMessages.unknown, values: { route: key } };
}

export function groupTitle(group: string): Descriptor {
  return Object.hasOwn(groupMessages, group) ? (groupMessages as Record<string, Descriptor>)[group]! : groupMessages.other;
}
