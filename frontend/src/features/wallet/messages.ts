import { type MessageDescriptor, defineMessage, defineMessages } from 'react-intl';

export const walletMessages = {
  ...defineMessages({
    balanceTitle: { id: 'customerWallet.balance.title', defaultMessage: 'My wallet' },
    balanceHint: { id: 'customerWallet.balance.hint', defaultMessage: 'What you can withdraw' },
    recent: { id: 'customerWallet.recent.title', defaultMessage: 'Recent activity' },
    seeAll: { id: 'customerWallet.recent.seeAll', defaultMessage: 'See all activity' },
    addMoney: { id: 'customerWallet.recent.addMoney', defaultMessage: 'Add money' },
    activityTable: { id: 'customerWallet.activity.table', defaultMessage: 'My deposits and withdrawals' },
    empty: { id: 'customerWallet.activity.empty', defaultMessage: 'Nothing here yet' },
    emptyHint: { id: 'customerWallet.activity.emptyHint', defaultMessage: 'Your deposits and withdrawals will show here.' },
    loadError: { id: 'customerWallet.loadError', defaultMessage: 'Could not load your wallet' },
    colDate: { id: 'customerWallet.col.date', defaultMessage: 'Date' },
    colKind: { id: 'customerWallet.col.kind', defaultMessage: 'Type' },
    colMethod: { id: 'customerWallet.col.method', defaultMessage: 'Method' },
    colStatus: { id: 'customerWallet.col.status', defaultMessage: 'Status' },
    colAmount: { id: 'customerWallet.col.amount', defaultMessage: 'Amount' },
    colFee: { id: 'customerWallet.col.fee', defaultMessage: 'Fee' },
    colId: { id: 'customerWallet.col.id', defaultMessage: 'ID' },
    kind: { id: 'customerWallet.filter.kind', defaultMessage: 'Type' },
    allKinds: { id: 'customerWallet.filter.allKinds', defaultMessage: 'Deposits and withdrawals' },
    status: { id: 'customerWallet.filter.status', defaultMessage: 'Status' },
    allStatuses: { id: 'customerWallet.filter.allStatuses', defaultMessage: 'All statuses' },
    currency: { id: 'customerWallet.filter.currency', defaultMessage: 'Currency' },
    allCurrencies: { id: 'customerWallet.filter.allCurrencies', defaultMessage: 'All currencies' },
    dateFrom: { id: 'customerWallet.filter.dateFrom', defaultMessage: 'From' },
    dateTo: { id: 'customerWallet.filter.dateTo', defaultMessage: 'To' },
    clear: { id: 'customerWallet.filter.clear', defaultMessage: 'Clear filters' },
    depositTitle: { id: 'customerWallet.deposit.title', defaultMessage: 'Add money to my wallet' },
    method: { id: 'customerWallet.deposit.method', defaultMessage: 'How to pay' },
    amount: { id: 'customerWallet.deposit.amount', defaultMessage: 'Amount' },
    payerName: { id: 'customerWallet.deposit.payerName', defaultMessage: 'Payer name' },
    payerDocument: { id: 'customerWallet.deposit.payerDocument', defaultMessage: 'Payer CPF or CNPJ' },
    required: { id: 'customerWallet.deposit.required', defaultMessage: 'Required' },
    submit: { id: 'customerWallet.deposit.submit', defaultMessage: 'Generate payment' },
    another: { id: 'customerWallet.deposit.another', defaultMessage: 'Add more money' },
    qrCode: { id: 'customerWallet.deposit.qrCode', defaultMessage: 'PIX QR code' },
    brCode: { id: 'customerWallet.deposit.brCode', defaultMessage: 'PIX copy and paste' },
    openBillet: { id: 'customerWallet.deposit.openBillet', defaultMessage: 'Open the boleto' },
    typedLine: { id: 'customerWallet.deposit.typedLine', defaultMessage: 'Boleto typed line' },
    waiting: { id: 'customerWallet.deposit.waiting', defaultMessage: 'Waiting for your payment…' },
    failed: { id: 'customerWallet.deposit.failed', defaultMessage: 'Could not create the payment. Try again later.' },
  }),
  balanceOf: defineMessage<{ currency: string }>({ id: 'customerWallet.balance.of', defaultMessage: 'Balance in {currency}' }),
  confirmed: defineMessage<{ amount: string }>({ id: 'customerWallet.deposit.confirmed', defaultMessage: 'Payment confirmed: {amount} added to your wallet.' }),
  ended: defineMessage<{ status: string }>({ id: 'customerWallet.deposit.ended', defaultMessage: 'This payment is {status}.' }),
};

export const kindMessages = defineMessages({
  deposit: { id: 'customerWallet.kind.deposit', defaultMessage: 'Deposit' },
  withdraw: { id: 'customerWallet.kind.withdraw', defaultMessage: 'Withdrawal' },
});

export const methodMessages = defineMessages({
  pix: { id: 'customerWallet.method.pix', defaultMessage: 'PIX' },
  billet: { id: 'customerWallet.method.billet', defaultMessage: 'Boleto' },
  ted: { id: 'customerWallet.method.ted', defaultMessage: 'TED' },
});

export const statusMessages = defineMessages({
  waiting: { id: 'customerWallet.status.waiting', defaultMessage: 'Waiting' },
  pending: { id: 'customerWallet.status.pending', defaultMessage: 'Pending' },
  approved: { id: 'customerWallet.status.approved', defaultMessage: 'Approved' },
  confirmed: { id: 'customerWallet.status.confirmed', defaultMessage: 'Confirmed' },
  paid_to_client: { id: 'customerWallet.status.paid_to_client', defaultMessage: 'Paid' },
  rejected: { id: 'customerWallet.status.rejected', defaultMessage: 'Rejected' },
  canceled: { id: 'customerWallet.status.canceled', defaultMessage: 'Canceled' },
  expired: { id: 'customerWallet.status.expired', defaultMessage: 'Expired' },
  refunded: { id: 'customerWallet.status.refunded', defaultMessage: 'Refunded' },
  reversed: { id: 'customerWallet.status.reversed', defaultMessage: 'Reversed' },
});

export function labelOf(map: Record<string, MessageDescriptor>, value: string): MessageDescriptor | string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}
