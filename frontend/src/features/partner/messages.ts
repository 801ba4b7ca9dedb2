import { type MessageDescriptor, defineMessage, defineMessages } from 'react-intl';

export const statusMessages = defineMessages({
  waiting: { id: 'partner.status.waiting', defaultMessage: 'Waiting' },
  pending: { id: 'partner.status.pending', defaultMessage: 'Pending' },
  approved: { id: 'partner.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'partner.status.rejected', defaultMessage: 'Rejected' },
  confirmed: { id: 'partner.status.confirmed', defaultMessage: 'Confirmed' },
  paid_to_client: { id: 'partner.status.paid_to_client', defaultMessage: 'Paid to client' },
  canceled: { id: 'partner.status.canceled', defaultMessage: 'Canceled' },
  expired: { id: 'partner.status.expired', defaultMessage: 'Expired' },
  refunded: { id: 'partner.status.refunded', defaultMessage: 'Refunded' },
  reversed: { id: 'partner.status.reversed', defaultMessage: 'Reversed' },
});

export const methodMessages = defineMessages({
  billet: { id: 'partner.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'partner.method.pix', defaultMessage: 'PIX' },
  card: { id: 'partner.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'partner.method.wire', defaultMessage: 'Bank transfer' },
  ted: { id: 'partner.method.ted', defaultMessage: 'TED' },
});

export const payoutKindMessages = defineMessages({
  standard: { id: 'partner.payoutKind.standard', defaultMessage: 'Payout' },
  manual: { id: 'partner.payoutKind.manual', defaultMessage: 'Manual' },
  transactional: { id: 'partner.payoutKind.transactional', defaultMessage: 'Transactional' },
  wallet: { id: 'partner.payoutKind.wallet', defaultMessage: 'Wallet withdrawal' },
});

export const sortMessages = defineMessages({
  '-created_at': { id: 'partner.sort.createdDesc', defaultMessage: 'Newest first' },
  created_at: { id: 'partner.sort.createdAsc', defaultMessage: 'Oldest first' },
  '-amount': { id: 'partner.sort.amountDesc', defaultMessage: 'Highest amount' },
  amount: { id: 'partner.sort.amountAsc', defaultMessage: 'Lowest amount' },
});

export function labelOf(map: Record<string, MessageDescriptor>, value: string): MessageDescriptor | string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

export const partnerMessages = {
  ...defineMessages({
    depositsTable: { id: 'partner.deposits.table', defaultMessage: 'Deposits of your clients' },
    withdrawsTable: { id: 'partner.withdraws.table', defaultMessage: 'Payouts of your clients' },
    balanceTable: { id: 'partner.balance.table', defaultMessage: 'Balance of your clients per currency' },
    homeTable: { id: 'partner.home.table', defaultMessage: 'Your clients this period' },
    chart: { id: 'partner.home.chart', defaultMessage: 'Paid volume and payouts by client (the ten with most volume)' },
    search: { id: 'partner.filters.search', defaultMessage: 'Search' },
    searchHint: { id: 'partner.filters.searchHint', defaultMessage: 'ID, bank ID, CPF/CNPJ or name' },
    client: { id: 'partner.filters.client', defaultMessage: 'Client' },
    allClients: { id: 'partner.filters.allClients', defaultMessage: 'All clients' },
    status: { id: 'partner.filters.status', defaultMessage: 'Status' },
    allStatuses: { id: 'partner.filters.allStatuses', defaultMessage: 'All statuses' },
    method: { id: 'partner.filters.method', defaultMessage: 'Method' },
    allMethods: { id: 'partner.filters.allMethods', defaultMessage: 'All methods' },
    currency: { id: 'partner.filters.currency', defaultMessage: 'Currency' },
    allCurrencies: { id: 'partner.filters.allCurrencies', defaultMessage: 'All currencies' },
    provider: { id: 'partner.filters.provider', defaultMessage: 'Provider' },
    allProviders: { id: 'partner.filters.allProviders', defaultMessage: 'All providers' },
    kind: { id: 'partner.filters.kind', defaultMessage: 'Kind' },
    allKinds: { id: 'partner.filters.allKinds', defaultMessage: 'All kinds' },
    colId: { id: 'partner.col.id', defaultMessage: 'ID' },
    colClient: { id: 'partner.col.client', defaultMessage: 'Client' },
    colStatus: { id: 'partner.col.status', defaultMessage: 'Status' },
    colMethod: { id: 'partner.col.method', defaultMessage: 'Method' },
    colKind: { id: 'partner.col.kind', defaultMessage: 'Kind' },
    colAmount: { id: 'partner.col.amount', defaultMessage: 'Amount' },
    colFee: { id: 'partner.col.fee', defaultMessage: 'Fee' },
    colNet: { id: 'partner.col.net', defaultMessage: 'Net' },
    colPayer: { id: 'partner.col.payer', defaultMessage: 'Payer' },
    colBeneficiary: { id: 'partner.col.beneficiary', defaultMessage: 'Beneficiary' },
    colDestination: { id: 'partner.col.destination', defaultMessage: 'Destination' },
    colProvider: { id: 'partner.col.provider', defaultMessage: 'Provider' },
    colTransactionId: { id: 'partner.col.transactionId', defaultMessage: 'Bank transaction ID' },
    colCreated: { id: 'partner.col.created', defaultMessage: 'Created' },
    colCurrency: { id: 'partner.col.currency', defaultMessage: 'Currency' },
    colAvailable: { id: 'partner.col.available', defaultMessage: 'Available' },
    colPending: { id: 'partner.col.pending', defaultMessage: 'Pending' },
    colHeld: { id: 'partner.col.held', defaultMessage: 'Held' },
    colDeposits: { id: 'partner.col.deposits', defaultMessage: 'Deposits' },
    colVolume: { id: 'partner.col.volume', defaultMessage: 'Volume (paid)' },
    colPayouts: { id: 'partner.col.payouts', defaultMessage: 'Payouts' },
    loadError: { id: 'partner.loadError', defaultMessage: 'Could not load your clients’ records.' },
    empty: { id: 'partner.empty', defaultMessage: 'No records' },
    totalDeposits: { id: 'partner.home.totalDeposits', defaultMessage: 'Deposits' },
    totalVolume: { id: 'partner.home.totalVolume', defaultMessage: 'Volume (paid)' },
    totalPayouts: { id: 'partner.home.totalPayouts', defaultMessage: 'Payouts' },
    totalAvailable: { id: 'partner.home.totalAvailable', defaultMessage: 'Available balance' },
    noClients: { id: 'partner.home.noClients', defaultMessage: 'No client is linked to your partner yet.' },
    report: { id: 'partner.home.report', defaultMessage: 'Generate report' },
  }),
  homeIntro: defineMessage<{ from: string; to: string }>({ id: 'partner.home.intro', defaultMessage: 'Your clients at a glance, from {from} to {to}.' }),
  count: defineMessage<{ count: number }>({ id: 'partner.home.count', defaultMessage: '{count, plural, one {# record} other {# records}}' }),
  volumeBar: defineMessage<{ share: string }>({ id: 'partner.home.volumeBar', defaultMessage: 'Share of the volume: {share}' }),
};
