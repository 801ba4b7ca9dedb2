import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  title: { id: 'bankAccounts.title', defaultMessage: 'Bank accounts' },
  add: { id: 'bankAccounts.add', defaultMessage: 'Add bank account' },
  empty: { id: 'bankAccounts.empty', defaultMessage: 'No records to show' },
  bank: { id: 'bankAccounts.bank', defaultMessage: 'Bank' },
  chooseBank: { id: 'bankAccounts.chooseBank', defaultMessage: 'Choose a bank' },
  agency: { id: 'bankAccounts.agency', defaultMessage: 'Agency' },
  agencyDigit: { id: 'bankAccounts.agencyDigit', defaultMessage: 'Agency digit' },
  account: { id: 'bankAccounts.account', defaultMessage: 'Account' },
  accountDigit: { id: 'bankAccounts.accountDigit', defaultMessage: 'Account digit' },
  type: { id: 'bankAccounts.type', defaultMessage: 'Account type' },
  checking: { id: 'bankAccounts.type.checking', defaultMessage: 'Checking' },
  savings: { id: 'bankAccounts.type.savings', defaultMessage: 'Savings' },
  payment: { id: 'bankAccounts.type.payment', defaultMessage: 'Payment' },
  holder: { id: 'bankAccounts.holder', defaultMessage: 'Holder name' },
  document: { id: 'bankAccounts.document', defaultMessage: 'Holder document (CPF or CNPJ)' },
  pixKey: { id: 'bankAccounts.pixKey', defaultMessage: 'PIX key (optional)' },
  save: { id: 'bankAccounts.save', defaultMessage: 'Save account' },
  cancel: { id: 'bankAccounts.cancel', defaultMessage: 'Cancel' },
  required: { id: 'bankAccounts.required', defaultMessage: 'Required' },
  digitsOnly: { id: 'bankAccounts.digitsOnly', defaultMessage: 'Digits only' },
  saved: { id: 'bankAccounts.saved', defaultMessage: 'Bank account saved' },
  saveFailed: { id: 'bankAccounts.saveFailed', defaultMessage: 'The bank account could not be saved' },
  remove: { id: 'bankAccounts.remove', defaultMessage: 'Remove {account}' },
  removeTitle: { id: 'bankAccounts.removeTitle', defaultMessage: 'Remove this bank account?' },
  removeText: { id: 'bankAccounts.removeText', defaultMessage: 'Withdrawals already made keep their copy of the account.' },
  removeConfirm: { id: 'bankAccounts.removeConfirm', defaultMessage: 'Remove' },
  removed: { id: 'bankAccounts.removed', defaultMessage: 'Bank account removed' },
  removeFailed: { id: 'bankAccounts.removeFailed', defaultMessage: 'The bank account could not be removed' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const bankAccountsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
