import { type MessageDescriptor, defineMessage, defineMessages } from 'react-intl';
import { listSortMessages } from '@/components/kit/messages';

export const statusMessages = defineMessages({
  waiting: { id: 'deposits.status.waiting', defaultMessage: 'Waiting' },
  pending: { id: 'deposits.status.pending', defaultMessage: 'Pending' },
  confirmed: { id: 'deposits.status.confirmed', defaultMessage: 'Confirmed' },
  paid_to_client: { id: 'deposits.status.paid_to_client', defaultMessage: 'Paid to client' },
  canceled: { id: 'deposits.status.canceled', defaultMessage: 'Canceled' },
  expired: { id: 'deposits.status.expired', defaultMessage: 'Expired' },
  refunded: { id: 'deposits.status.refunded', defaultMessage: 'Refunded' },
});

export const methodMessages = defineMessages({
  billet: { id: 'deposits.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'deposits.method.pix', defaultMessage: 'PIX' },
  card: { id: 'deposits.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'deposits.method.wire', defaultMessage: 'Bank transfer' },
});

/** The client's balances a deposit moves (ledger account kinds). */
export const balanceMessages = defineMessages({
  pending: { id: 'deposits.balance.pending', defaultMessage: 'To be settled' },
  available: { id: 'deposits.balance.available', defaultMessage: 'Available' },
  held: { id: 'deposits.balance.held', defaultMessage: 'Held' },
});

/** What moved it (ledger entry kinds of a deposit and its refunds). */
export const entryMessages = defineMessages({
  deposit_confirmed: { id: 'deposits.entry.confirmed', defaultMessage: 'Payment received, less the fee' },
  deposit_settled: { id: 'deposits.entry.settled', defaultMessage: 'Settled' },
  refund_reserved: { id: 'deposits.entry.refundReserved', defaultMessage: 'Refund requested' },
  refund_confirmed: { id: 'deposits.entry.refundConfirmed', defaultMessage: 'Refund paid' },
  refund_released: { id: 'deposits.entry.refundReleased', defaultMessage: 'Refund failed: money returned' },
});

export const sortMessages = {
  ...listSortMessages,
  ...defineMessages({
    '-due_date': { id: 'deposits.sort.dueDateDesc', defaultMessage: 'Latest due date' },
    due_date: { id: 'deposits.sort.dueDateAsc', defaultMessage: 'Earliest due date' },
  }),
};

/** A label from a map of messages, or the raw value when the API sends one the screen does not know. */
export function labelOf(map: Record<string, MessageDescriptor>, value: string): MessageDescriptor | string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

export const depositsMessages = {
  ...defineMessages({
    generateBillet: { id: 'deposits.generateBillet', defaultMessage: 'Generate single billet' },
    generatePix: { id: 'deposits.generatePix', defaultMessage: 'Generate single PIX' },
    actions: { id: 'deposits.actions', defaultMessage: 'Deposit actions' },
    refund: { id: 'deposits.refund', defaultMessage: 'Refund' },
    receipt: { id: 'deposits.receipt', defaultMessage: 'Receipt' },
    refundLabel: { id: 'deposits.refundLabel', defaultMessage: '{action} deposit {id}' },
    colActions: { id: 'deposits.col.actions', defaultMessage: 'Actions' },

    // filters
    filters: { id: 'deposits.filters.title', defaultMessage: 'Filters' },
    status: { id: 'deposits.filters.status', defaultMessage: 'Status' },
    type: { id: 'deposits.filters.type', defaultMessage: 'Type' },
    allTypes: { id: 'deposits.filters.allTypes', defaultMessage: 'All types' },
    currency: { id: 'deposits.filters.currency', defaultMessage: 'Currency' },
    allCurrencies: { id: 'deposits.filters.allCurrencies', defaultMessage: 'All currencies' },
    dateFrom: { id: 'deposits.filters.dateFrom', defaultMessage: 'Created from' },
    dateTo: { id: 'deposits.filters.dateTo', defaultMessage: 'Created until' },
    amountFilter: { id: 'deposits.filters.amount', defaultMessage: 'Amount range' },
    amountMin: { id: 'deposits.filters.amountMin', defaultMessage: 'Minimum amount' },
    amountMax: { id: 'deposits.filters.amountMax', defaultMessage: 'Maximum amount' },
    apply: { id: 'deposits.filters.apply', defaultMessage: 'Apply filters' },
    clear: { id: 'deposits.filters.clear', defaultMessage: 'Clear filters' },
    dateRange: { id: 'deposits.filters.dateRange', defaultMessage: 'The start date cannot be after the end date' },
    amountRange: { id: 'deposits.filters.amountRange', defaultMessage: 'The minimum cannot be greater than the maximum' },
    search: { id: 'deposits.search.label', defaultMessage: 'Search deposits' },
    searchPlaceholder: { id: 'deposits.search.placeholder', defaultMessage: 'ID, name or document' },
    searchSubmit: { id: 'deposits.search.submit', defaultMessage: 'Search' },
    sort: { id: 'deposits.sort.label', defaultMessage: 'Sort by' },
    perPage: { id: 'deposits.perPage', defaultMessage: 'Per page' },

    // amounts typed by people
    amountRequired: { id: 'deposits.amount.required', defaultMessage: 'Enter an amount' },
    amountTooLarge: { id: 'deposits.amount.tooLarge', defaultMessage: 'The amount is too large' },
    amountPositive: { id: 'deposits.amount.positive', defaultMessage: 'The amount must be greater than zero' },

    // summary
    summary: { id: 'deposits.summary.label', defaultMessage: 'Summary of the filtered deposits' },
    count: { id: 'deposits.summary.count', defaultMessage: 'Count' },
    amount: { id: 'deposits.summary.amount', defaultMessage: 'Amount' },
    fees: { id: 'deposits.summary.fees', defaultMessage: 'Fees' },
    averageTicket: { id: 'deposits.summary.averageTicket', defaultMessage: 'Average ticket' },
    summaryUnavailable: { id: 'deposits.summary.unavailable', defaultMessage: 'The summary is not available right now' },

    // table
    table: { id: 'deposits.table.caption', defaultMessage: 'Deposits' },
    colId: { id: 'deposits.table.id', defaultMessage: 'ID' },
    colType: { id: 'deposits.table.type', defaultMessage: 'Type' },
    colStatus: { id: 'deposits.table.status', defaultMessage: 'Status' },
    colPayer: { id: 'deposits.table.payer', defaultMessage: 'Client' },
    colCoin: { id: 'deposits.table.coin', defaultMessage: 'Coin' },
    colAmount: { id: 'deposits.table.amount', defaultMessage: 'Amount' },
    colFee: { id: 'deposits.table.fee', defaultMessage: 'Fee' },
    colDueDate: { id: 'deposits.table.dueDate', defaultMessage: 'Due date' },
    colTransactionId: { id: 'deposits.table.transactionId', defaultMessage: 'Transaction ID' },
    colCreated: { id: 'deposits.table.created', defaultMessage: 'Created' },
    pagination: { id: 'deposits.pagination.label', defaultMessage: 'Pages' },
    previous: { id: 'deposits.pagination.previous', defaultMessage: 'Previous' },
    next: { id: 'deposits.pagination.next', defaultMessage: 'Next' },

    // forms
    billetTitle: { id: 'deposits.form.billetTitle', defaultMessage: 'Generate single billet' },
    pixTitle: { id: 'deposits.form.pixTitle', defaultMessage: 'Generate single PIX' },
    charge: { id: 'deposits.form.charge', defaultMessage: 'Charge' },
    payer: { id: 'deposits.form.payer', defaultMessage: 'Payer' },
    address: { id: 'deposits.form.address', defaultMessage: 'Billing address' },
    payerName: { id: 'deposits.form.payerName', defaultMessage: 'Name' },
    document: { id: 'deposits.form.document', defaultMessage: 'CPF or CNPJ' },
    email: { id: 'deposits.form.email', defaultMessage: 'E-mail' },
    dueDate: { id: 'deposits.form.dueDate', defaultMessage: 'Due date' },
    street: { id: 'deposits.form.street', defaultMessage: 'Street' },
    number: { id: 'deposits.form.number', defaultMessage: 'Number' },
    complement: { id: 'deposits.form.complement', defaultMessage: 'Complement' },
    neighborhood: { id: 'deposits.form.neighborhood', defaultMessage: 'Neighborhood' },
    city: { id: 'deposits.form.city', defaultMessage: 'City' },
    state: { id: 'deposits.form.state', defaultMessage: 'State' },
    chooseState: { id: 'deposits.form.chooseState', defaultMessage: 'Select a state' },
    zipcode: { id: 'deposits.form.zipcode', defaultMessage: 'Zipcode' },
    expiry: { id: 'deposits.form.expiry', defaultMessage: 'Expires in' },
    submitBillet: { id: 'deposits.form.submitBillet', defaultMessage: 'Generate billet' },
    submitPix: { id: 'deposits.form.submitPix', defaultMessage: 'Generate PIX' },
    cancel: { id: 'deposits.form.cancel', defaultMessage: 'Cancel' },
    fixErrors: { id: 'deposits.form.fixErrors', defaultMessage: 'Check the highlighted fields' },

    // field errors (client checks and the server's codes)
    required: { id: 'deposits.error.required', defaultMessage: 'Required field' },
    invalidCpf: { id: 'deposits.error.invalidCpf', defaultMessage: 'Invalid CPF: check the digits' },
    invalidCnpj: { id: 'deposits.error.invalidCnpj', defaultMessage: 'Invalid CNPJ: check the characters' },
    invalidDocument: { id: 'deposits.error.invalidDocument', defaultMessage: 'Enter a CPF (11 digits) or a CNPJ (14 characters)' },
    invalidEmail: { id: 'deposits.error.invalidEmail', defaultMessage: 'Invalid e-mail' },
    invalidZipcode: { id: 'deposits.error.invalidZipcode', defaultMessage: 'Invalid zipcode: 8 digits, such as 01310-100' },
    invalidState: { id: 'deposits.error.invalidState', defaultMessage: 'Select a state' },
    dueDatePast: { id: 'deposits.error.dueDatePast', defaultMessage: 'The due date cannot be in the past' },
    dueDateTooFar: { id: 'deposits.error.dueDateTooFar', defaultMessage: 'The due date is too far in the future' },
    currencyNotEnabled: { id: 'deposits.error.currencyNotEnabled', defaultMessage: 'This currency is not enabled for your account' },
    unsupportedCurrency: { id: 'deposits.error.unsupportedCurrency', defaultMessage: 'This payment method does not accept this currency' },
    methodNotEnabled: { id: 'deposits.error.methodNotEnabled', defaultMessage: 'This payment method is not enabled for your account' },
    invalidExpiry: { id: 'deposits.error.invalidExpiry', defaultMessage: 'Choose an expiry between 1 minute and 30 days' },
    invalidValue: { id: 'deposits.error.invalidValue', defaultMessage: 'Invalid value' },
    problemsGeneratePix: { id: 'deposits.error.problemsGeneratePix', defaultMessage: 'Problems to generate the PIX' },

    // success
    billetGenerated: { id: 'deposits.success.billetGenerated', defaultMessage: 'Billet Generated' },
    pixCreated: { id: 'deposits.success.pixCreated', defaultMessage: 'PIX Created' },
    typedLine: { id: 'deposits.success.typedLine', defaultMessage: 'Typed line' },
    brCode: { id: 'deposits.success.brCode', defaultMessage: 'PIX copy and paste code' },
    qrCode: { id: 'deposits.success.qrCode', defaultMessage: 'PIX QR code' },
    copyTypedLine: { id: 'deposits.success.copyTypedLine', defaultMessage: 'Copy typed line' },
    copyBrCode: { id: 'deposits.success.copyBrCode', defaultMessage: 'Copy PIX code' },
    openBillet: { id: 'deposits.success.openBillet', defaultMessage: 'Open printable billet' },
    generateAnother: { id: 'deposits.success.generateAnother', defaultMessage: 'Generate another' },
    close: { id: 'deposits.success.close', defaultMessage: 'Close' },

    // discard confirmation
    discardTitle: { id: 'deposits.discard.title', defaultMessage: 'Discard this form?' },
    discardText: { id: 'deposits.discard.text', defaultMessage: 'The data you typed will be lost.' },
    discard: { id: 'deposits.discard.confirm', defaultMessage: 'Discard' },
    keepEditing: { id: 'deposits.discard.keep', defaultMessage: 'Keep editing' },

    // detail
    detailFields: { id: 'deposits.detail.fields', defaultMessage: 'Details' },
    id: { id: 'deposits.detail.id', defaultMessage: 'ID' },
    transactionId: { id: 'deposits.detail.transactionId', defaultMessage: 'Transaction ID' },
    provider: { id: 'deposits.detail.provider', defaultMessage: 'Provider' },
    description: { id: 'deposits.detail.description', defaultMessage: 'Description' },
    net: { id: 'deposits.detail.net', defaultMessage: 'Net amount' },
    paidAmount: { id: 'deposits.detail.paidAmount', defaultMessage: 'Paid amount' },
    refundedAmount: { id: 'deposits.detail.refundedAmount', defaultMessage: 'Refunded amount' },
    barcode: { id: 'deposits.detail.barcode', defaultMessage: 'Barcode' },
    txid: { id: 'deposits.detail.txid', defaultMessage: 'PIX txid' },
    expiresAt: { id: 'deposits.detail.expiresAt', defaultMessage: 'Expires at' },
    cardLabel: { id: 'deposits.detail.card', defaultMessage: 'Card' },
    wireInstructions: { id: 'deposits.detail.wireInstructions', defaultMessage: 'Transfer instructions' },
    createdAt: { id: 'deposits.detail.createdAt', defaultMessage: 'Created at' },
    confirmedAt: { id: 'deposits.detail.confirmedAt', defaultMessage: 'Confirmed at' },
    settleOn: { id: 'deposits.detail.settleOn', defaultMessage: 'Settles on' },
    settledAt: { id: 'deposits.detail.settledAt', defaultMessage: 'Settled at' },
    timeline: { id: 'deposits.detail.timeline', defaultMessage: 'Status timeline' },
    noEvents: { id: 'deposits.detail.noEvents', defaultMessage: 'No status changes yet' },
    postings: { id: 'deposits.detail.balanceMovements', defaultMessage: 'Movements of your balance' },
    postingEntry: { id: 'deposits.detail.movementEvent', defaultMessage: 'Event' },
    postingKind: { id: 'deposits.detail.movementBalance', defaultMessage: 'Balance' },
    postingAmount: { id: 'deposits.detail.postingAmount', defaultMessage: 'Amount' },
    postingAt: { id: 'deposits.detail.postingAt', defaultMessage: 'Date' },
    noPostings: { id: 'deposits.detail.noMovements', defaultMessage: 'Your balance has not moved yet' },

    // home
    balance: { id: 'deposits.home.balance', defaultMessage: 'Balance' },
    figures: { id: 'deposits.home.figures', defaultMessage: 'Deposits and withdrawals' },
    available: { id: 'deposits.home.available', defaultMessage: 'Available' },
    pendingBalance: { id: 'deposits.home.pending', defaultMessage: 'Pending' },
    held: { id: 'deposits.home.held', defaultMessage: 'Held' },
    latestDeposits: { id: 'deposits.home.latest', defaultMessage: 'Latest deposits' },
    viewAll: { id: 'deposits.home.viewAll', defaultMessage: 'View all deposits' },
  }),
  amountInvalid: defineMessage<{ example: string }>({ id: 'deposits.amount.invalid', defaultMessage: 'Enter an amount such as {example}' }),
  amountDecimals: defineMessage<{ example: string }>({ id: 'deposits.amount.decimals', defaultMessage: 'Use at most two decimal places, such as {example}' }),
  amountGrouping: defineMessage<{ example: string }>({ id: 'deposits.amount.grouping', defaultMessage: 'Check the separators: write it as {example}' }),
  summaryCurrency: defineMessage<{ currency: string }>({ id: 'deposits.summary.currency', defaultMessage: 'Deposits in {currency}' }),
  viewDetails: defineMessage<{ id: string }>({ id: 'deposits.table.viewDetails', defaultMessage: 'View details of deposit {id}' }),
  page: defineMessage<{ number: number }>({ id: 'deposits.pagination.page', defaultMessage: 'Page {number}' }),
  amountHint: defineMessage<{ example: string }>({ id: 'deposits.form.amountHint', defaultMessage: 'For example {example}' }),
  expiryMinutes: defineMessage<{ count: number }>({ id: 'deposits.form.expiryMinutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' }),
  expiryHours: defineMessage<{ count: number }>({ id: 'deposits.form.expiryHours', defaultMessage: '{count, plural, one {# hour} other {# hours}}' }),
  expiryDays: defineMessage<{ count: number }>({ id: 'deposits.form.expiryDays', defaultMessage: '{count, plural, one {# day} other {# days}}' }),
  detailTitle: defineMessage<{ id: string }>({ id: 'deposits.detail.title', defaultMessage: 'Deposit {id}' }),
  cardValue: defineMessage<{ brand: string; last4: string }>({ id: 'deposits.detail.cardValue', defaultMessage: '{brand} ending in {last4}' }),
  eventCreated: defineMessage<{ to: string }>({ id: 'deposits.detail.eventCreated', defaultMessage: 'Created as {to}' }),
  eventChanged: defineMessage<{ from: string; to: string }>({ id: 'deposits.detail.eventChanged', defaultMessage: '{from} to {to}' }),
  eventSource: defineMessage<{ source: string }>({ id: 'deposits.detail.eventSource', defaultMessage: 'Source: {source}' }),
  balanceIn: defineMessage<{ currency: string }>({ id: 'deposits.home.balanceIn', defaultMessage: 'Balance in {currency}' }),
};
