import { type MessageDescriptor, defineMessage, defineMessages } from 'react-intl';

export const kindMessages = defineMessages({
  deposit: { id: 'transactions.kind.deposit', defaultMessage: 'Deposit' },
  payout: { id: 'transactions.kind.payout', defaultMessage: 'Payout' },
  refund: { id: 'transactions.kind.refund', defaultMessage: 'Refund' },
});

/** Statuses of deposits, payouts and refunds (the index holds all three). */
export const statusMessages = defineMessages({
  waiting: { id: 'transactions.status.waiting', defaultMessage: 'Waiting' },
  pending: { id: 'transactions.status.pending', defaultMessage: 'Pending' },
  approved: { id: 'transactions.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'transactions.status.rejected', defaultMessage: 'Rejected' },
  confirmed: { id: 'transactions.status.confirmed', defaultMessage: 'Confirmed' },
  paid_to_client: { id: 'transactions.status.paid_to_client', defaultMessage: 'Paid to client' },
  canceled: { id: 'transactions.status.canceled', defaultMessage: 'Canceled' },
  expired: { id: 'transactions.status.expired', defaultMessage: 'Expired' },
  refunded: { id: 'transactions.status.refunded', defaultMessage: 'Refunded' },
  reversed: { id: 'transactions.status.reversed', defaultMessage: 'Reversed' },
  failed: { id: 'transactions.status.failed', defaultMessage: 'Failed' },
});

export const methodMessages = defineMessages({
  billet: { id: 'transactions.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'transactions.method.pix', defaultMessage: 'PIX' },
  card: { id: 'transactions.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'transactions.method.wire', defaultMessage: 'Bank transfer' },
  ted: { id: 'transactions.method.ted', defaultMessage: 'TED' },
});

export function labelOf(map: Record<string, MessageDescriptor>, value: string): MessageDescriptor | string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

export const transactionsMessages = {
  ...defineMessages({
    filters: { id: 'transactions.filters.title', defaultMessage: 'Filters' },
    search: { id: 'transactions.filters.search', defaultMessage: 'Search' },
    searchHint: { id: 'transactions.filters.searchHint', defaultMessage: 'ID, bank ID, CPF/CNPJ or name' },
    kind: { id: 'transactions.filters.kind', defaultMessage: 'Kind' },
    allKinds: { id: 'transactions.filters.allKinds', defaultMessage: 'All kinds' },
    status: { id: 'transactions.filters.status', defaultMessage: 'Status' },
    allStatuses: { id: 'transactions.filters.allStatuses', defaultMessage: 'All statuses' },
    method: { id: 'transactions.filters.method', defaultMessage: 'Method' },
    allMethods: { id: 'transactions.filters.allMethods', defaultMessage: 'All methods' },
    currency: { id: 'transactions.filters.currency', defaultMessage: 'Currency' },
    allCurrencies: { id: 'transactions.filters.allCurrencies', defaultMessage: 'All currencies' },
    client: { id: 'transactions.filters.client', defaultMessage: 'Client (slug)' },
    dateFrom: { id: 'transactions.filters.dateFrom', defaultMessage: 'Created from' },
    dateTo: { id: 'transactions.filters.dateTo', defaultMessage: 'Created until' },
    dateRange: { id: 'transactions.filters.dateRange', defaultMessage: 'The start date cannot be after the end date' },
    apply: { id: 'transactions.filters.apply', defaultMessage: 'Apply filters' },
    clear: { id: 'transactions.filters.clear', defaultMessage: 'Clear filters' },
    sort: { id: 'transactions.sort.label', defaultMessage: 'Sort by' },
    perPage: { id: 'transactions.perPage', defaultMessage: 'Per page' },
    table: { id: 'transactions.table.caption', defaultMessage: 'Transactions' },
    colId: { id: 'transactions.table.id', defaultMessage: 'ID' },
    allClients: { id: 'transactions.filters.allClients', defaultMessage: 'All clients' },
    destination: { id: 'transactions.detail.destination', defaultMessage: 'Bank and account' },
    updated: { id: 'transactions.detail.updated', defaultMessage: 'Updated' },
    colKind: { id: 'transactions.table.kind', defaultMessage: 'Kind' },
    colClient: { id: 'transactions.table.client', defaultMessage: 'Client' },
    colMethod: { id: 'transactions.table.method', defaultMessage: 'Method' },
    colStatus: { id: 'transactions.table.status', defaultMessage: 'Status' },
    colName: { id: 'transactions.table.name', defaultMessage: 'Name' },
    colCoin: { id: 'transactions.table.coin', defaultMessage: 'Coin' },
    colAmount: { id: 'transactions.table.amount', defaultMessage: 'Amount' },
    colFee: { id: 'transactions.table.fee', defaultMessage: 'Fee' },
    colTransactionId: { id: 'transactions.table.transactionId', defaultMessage: 'Transaction ID' },
    colCreated: { id: 'transactions.table.created', defaultMessage: 'Created' },
    notFound: { id: 'transactions.notFound', defaultMessage: 'Transactions not found' },
    pagination: { id: 'transactions.pagination.label', defaultMessage: 'Pages' },
    previous: { id: 'transactions.pagination.previous', defaultMessage: 'Previous' },
    next: { id: 'transactions.pagination.next', defaultMessage: 'Next' },
  }),
  open: defineMessage<{ id: string }>({ id: 'transactions.open', defaultMessage: 'View details of transaction {id}' }),
  detailTitle: defineMessage<{ id: string }>({ id: 'transactions.detail.title', defaultMessage: 'Transaction {id}' }),
  receipt: defineMessage({ id: 'transactions.detail.receipt', defaultMessage: 'Open receipt' }),
  page: defineMessage<{ number: number }>({ id: 'transactions.pagination.page', defaultMessage: 'Page {number}' }),
};
