import { type MessageDescriptor, defineMessages } from 'react-intl';

/** Wallet withdraws: client/wallet-withdraws (to the company's own account) and admin/wallet-withdraws. */
const messages = defineMessages({
  // client screen
  balance: { id: 'walletWithdraws.balance', defaultMessage: 'Balance' },
  action: { id: 'walletWithdraws.action', defaultMessage: 'Withdraw to my account' },
  // the dialog: form step
  formTitle: { id: 'walletWithdraws.formTitle', defaultMessage: 'Withdraw to my account' },
  intro: {
    id: 'walletWithdraws.intro',
    defaultMessage: "The amount leaves your available balance at Cofre for one of your company's own bank accounts.",
  },
  account: { id: 'walletWithdraws.account', defaultMessage: 'Company bank account' },
  chooseAccount: { id: 'walletWithdraws.chooseAccount', defaultMessage: 'Choose a company account' },
  noAccounts: { id: 'walletWithdraws.noAccounts', defaultMessage: 'No company bank account yet: register one on the Withdrawals screen.' },
  amount: { id: 'walletWithdraws.amount', defaultMessage: 'Amount' },
  amountHint: { id: 'walletWithdraws.amountHint', defaultMessage: 'For example {example}' },
  currency: { id: 'walletWithdraws.currency', defaultMessage: 'Currency' },
  available: { id: 'walletWithdraws.available', defaultMessage: 'Available: {amount}' },
  currencyNotSupported: { id: 'walletWithdraws.currencyNotSupported', defaultMessage: 'PIX and TED move reais (BRL) only' },
  method: { id: 'walletWithdraws.method', defaultMessage: 'Withdrawal method' },
  pixNeedsKey: { id: 'walletWithdraws.pixNeedsKey', defaultMessage: 'This account has no PIX key: choose TED' },
  review: { id: 'walletWithdraws.review', defaultMessage: 'Review withdrawal' },
  cancel: { id: 'walletWithdraws.cancel', defaultMessage: 'Cancel' },
  // the dialog: confirmation step
  confirmTitle: { id: 'walletWithdraws.confirmTitle', defaultMessage: 'Confirm the withdrawal' },
  confirmText: {
    id: 'walletWithdraws.confirmText',
    defaultMessage: '{amount} leaves your available balance now and goes to the account below. Once the bank pays it, it cannot be undone.',
  },
  summary: { id: 'walletWithdraws.summary', defaultMessage: 'Withdrawal summary' },
  destination: { id: 'walletWithdraws.destination', defaultMessage: 'Destination' },
  holder: { id: 'walletWithdraws.holder', defaultMessage: 'Account holder' },
  back: { id: 'walletWithdraws.back', defaultMessage: 'Back' },
  confirm: { id: 'walletWithdraws.confirm', defaultMessage: 'Confirm withdrawal' },
  created: { id: 'walletWithdraws.created', defaultMessage: 'Withdrawal requested' },
  // admin screen
  filters: { id: 'walletWithdraws.staff.filters', defaultMessage: 'Wallet withdrawal filters' },
  search: { id: 'walletWithdraws.staff.search', defaultMessage: 'Search' },
  searchHint: { id: 'walletWithdraws.staff.searchHint', defaultMessage: 'ID, bank ID or CPF/CNPJ' },
  dateFrom: { id: 'walletWithdraws.staff.dateFrom', defaultMessage: 'Requested from' },
  dateTo: { id: 'walletWithdraws.staff.dateTo', defaultMessage: 'Requested until' },
  table: { id: 'walletWithdraws.staff.table', defaultMessage: 'Wallet withdrawals of every client' },
  colCurrency: { id: 'walletWithdraws.staff.colCurrency', defaultMessage: 'Currency' },
  colDestination: { id: 'walletWithdraws.staff.colDestination', defaultMessage: 'Bank / account' },
  colCreated: { id: 'walletWithdraws.staff.colCreated', defaultMessage: 'Requested' },
  colUpdated: { id: 'walletWithdraws.staff.colUpdated', defaultMessage: 'Last update' },
  loadError: { id: 'walletWithdraws.staff.loadError', defaultMessage: 'The wallet withdrawals could not be loaded.' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const walletMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
