import { type MessageDescriptor, defineMessages } from 'react-intl';

/** Names of the fee-rate methods: payment methods (deposits) and payout methods. */
export const methodMessages = defineMessages({
  billet: { id: 'feeRates.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'feeRates.method.pix', defaultMessage: 'PIX' },
  card: { id: 'feeRates.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'feeRates.method.wire', defaultMessage: 'Bank transfer' },
  payout_pix: { id: 'feeRates.method.payout_pix', defaultMessage: 'PIX payout' },
  payout_ted: { id: 'feeRates.method.payout_ted', defaultMessage: 'TED payout' },
});

export const sourceMessages = defineMessages({
  client: { id: 'feeRates.source.client', defaultMessage: 'Client rate' },
  platform: { id: 'feeRates.source.platform', defaultMessage: 'Platform default' },
  none: { id: 'feeRates.source.none', defaultMessage: 'No fee' },
});

const messages = defineMessages({
  intro: {
    id: 'feeRates.intro',
    defaultMessage:
      'The fee of each deposit and payout: a percentage of the amount plus a fixed amount, per method and currency. A client’s own rate replaces the platform default; with neither, there is no fee.',
  },
  scope: { id: 'feeRates.scope', defaultMessage: 'Client' },
  scopeAll: { id: 'feeRates.scope.all', defaultMessage: 'All rates' },
  scopePlatform: { id: 'feeRates.scope.platform', defaultMessage: 'Platform default' },
  scopeHintAll: { id: 'feeRates.scopeHint.all', defaultMessage: 'Every rate set: the platform defaults and each client’s own rates.' },
  scopeHintPlatform: {
    id: 'feeRates.scopeHint.platform',
    defaultMessage: 'What every client pays unless it has a rate of its own.',
  },
  scopeHintClient: {
    id: 'feeRates.scopeHint.client',
    defaultMessage: 'What {client} pays for each method: its own rate where it has one, else the platform default.',
  },
  newRate: { id: 'feeRates.newRate', defaultMessage: 'New rate' },
  list: { id: 'feeRates.list', defaultMessage: 'Fee rates' },
  colClient: { id: 'feeRates.col.client', defaultMessage: 'Client' },
  colMethod: { id: 'feeRates.col.method', defaultMessage: 'Method' },
  colCurrency: { id: 'feeRates.col.currency', defaultMessage: 'Currency' },
  colPercent: { id: 'feeRates.col.percent', defaultMessage: 'Percentage' },
  colFixed: { id: 'feeRates.col.fixed', defaultMessage: 'Fixed amount' },
  colApplies: { id: 'feeRates.col.applies', defaultMessage: 'Applies' },
  colExample: { id: 'feeRates.col.example', defaultMessage: 'Fee on {amount}' },
  colActions: { id: 'feeRates.col.actions', defaultMessage: 'Actions' },
  platform: { id: 'feeRates.platform', defaultMessage: 'Platform default' },
  replaces: { id: 'feeRates.replaces', defaultMessage: 'Instead of the platform’s {rate}' },
  replacesNothing: { id: 'feeRates.replacesNothing', defaultMessage: 'No platform default for this method' },
  rate: { id: 'feeRates.rate', defaultMessage: '{percent} + {fixed}' },
  edit: { id: 'feeRates.edit', defaultMessage: 'Edit' },
  actionLabel: { id: 'feeRates.actionLabel', defaultMessage: '{action}: {method} in {currency} ({scope})' },
  set: { id: 'feeRates.set', defaultMessage: 'Set rate' },
  setClient: { id: 'feeRates.setClient', defaultMessage: 'Set client rate' },
  remove: { id: 'feeRates.remove', defaultMessage: 'Remove' },
  reset: { id: 'feeRates.reset', defaultMessage: 'Reset to default' },
  emptyAll: { id: 'feeRates.emptyAll', defaultMessage: 'No rate has been set yet: deposits and payouts are charged no fee.' },
  loadError: { id: 'feeRates.loadError', defaultMessage: 'The fee rates could not be loaded' },

  formNew: { id: 'feeRates.form.new', defaultMessage: 'New fee rate' },
  formEdit: { id: 'feeRates.form.edit', defaultMessage: 'Edit fee rate' },
  method: { id: 'feeRates.form.method', defaultMessage: 'Method' },
  chooseMethod: { id: 'feeRates.form.chooseMethod', defaultMessage: 'Choose a method' },
  currency: { id: 'feeRates.form.currency', defaultMessage: 'Currency' },
  percent: { id: 'feeRates.form.percent', defaultMessage: 'Percentage (%)' },
  percentHint: { id: 'feeRates.form.percentHint', defaultMessage: 'Of the amount, e.g. {example}' },
  fixed: { id: 'feeRates.form.fixed', defaultMessage: 'Fixed amount ({symbol})' },
  fixedHint: { id: 'feeRates.form.fixedHint', defaultMessage: 'Added to the percentage, e.g. {example}' },
  now: { id: 'feeRates.form.now', defaultMessage: 'Now: {rate} ({source})' },
  nowNone: { id: 'feeRates.form.nowNone', defaultMessage: 'Now: no fee' },
  review: { id: 'feeRates.form.review', defaultMessage: 'Review' },
  cancel: { id: 'feeRates.form.cancel', defaultMessage: 'Cancel' },
  back: { id: 'feeRates.form.back', defaultMessage: 'Back' },
  save: { id: 'feeRates.form.save', defaultMessage: 'Save rate' },
  confirmTitle: { id: 'feeRates.confirm.title', defaultMessage: 'Confirm the new rate' },
  before: { id: 'feeRates.confirm.before', defaultMessage: 'Before' },
  after: { id: 'feeRates.confirm.after', defaultMessage: 'After' },
  example: { id: 'feeRates.confirm.example', defaultMessage: 'On {amount}: fee {before} → {after}' },
  impactDeposit: {
    id: 'feeRates.confirm.impactDeposit',
    defaultMessage:
      'This changes the fee of every future deposit of {client} by {method} in {currency}. A deposit’s fee is fixed when it is confirmed: deposits already confirmed keep theirs.',
  },
  impactDepositPlatform: {
    id: 'feeRates.confirm.impactDepositPlatform',
    defaultMessage:
      'This changes the fee of every future deposit by {method} in {currency} of every client without a rate of its own. Deposits already confirmed keep theirs.',
  },
  impactPayout: {
    id: 'feeRates.confirm.impactPayout',
    defaultMessage:
      'This changes the fee of every future {method} of {client} in {currency}. A payout’s fee is fixed when it is created: existing payouts keep theirs.',
  },
  impactPayoutPlatform: {
    id: 'feeRates.confirm.impactPayoutPlatform',
    defaultMessage:
      'This changes the fee of every future {method} in {currency} of every client without a rate of its own. Existing payouts keep theirs.',
  },
  saved: { id: 'feeRates.saved', defaultMessage: 'Fee rate saved' },
  savedText: { id: 'feeRates.savedText', defaultMessage: '{method} in {currency} ({scope}): {rate}' },
  saveFailed: { id: 'feeRates.saveFailed', defaultMessage: 'The fee rate could not be saved' },

  required: { id: 'feeRates.error.required', defaultMessage: 'Required' },
  percentInvalid: { id: 'feeRates.error.percentInvalid', defaultMessage: 'Type a percentage such as {example}' },
  percentDecimals: { id: 'feeRates.error.percentDecimals', defaultMessage: 'At most two decimal places' },
  percentRange: { id: 'feeRates.error.percentRange', defaultMessage: 'Between 0 and 100 %' },
  fixedInvalid: { id: 'feeRates.error.fixedInvalid', defaultMessage: 'Type an amount such as {example}' },
  fixedDecimals: { id: 'feeRates.error.fixedDecimals', defaultMessage: 'At most two decimal places' },
  fixedRange: { id: 'feeRates.error.fixedRange', defaultMessage: 'At most {max}' },
  unknownMethod: { id: 'feeRates.error.unknownMethod', defaultMessage: 'No loaded plugin provides this method' },
  invalidValue: { id: 'feeRates.error.invalidValue', defaultMessage: 'Invalid value' },
  currencyNotOffered: { id: 'feeRates.error.currencyNotOffered', defaultMessage: 'This method does not collect in this currency' },

  removeTitleClient: { id: 'feeRates.removeTitle.client', defaultMessage: 'Reset to the platform default?' },
  removeTextClient: {
    id: 'feeRates.removeText.client',
    defaultMessage: '{client} will pay the platform default for {method} in {currency} from now on: {rate}.',
  },
  removeTextClientNone: {
    id: 'feeRates.removeText.clientNone',
    defaultMessage: '{client} will pay no fee for {method} in {currency} from now on: there is no platform default.',
  },
  removeTitlePlatform: { id: 'feeRates.removeTitle.platform', defaultMessage: 'Remove the platform default?' },
  removeTextPlatform: {
    id: 'feeRates.removeText.platform',
    defaultMessage: 'Clients without a rate of their own will pay no fee for {method} in {currency} from now on.',
  },
  removed: { id: 'feeRates.removed', defaultMessage: 'Fee rate removed' },
  removeFailed: { id: 'feeRates.removeFailed', defaultMessage: 'The fee rate could not be removed' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const feeRatesMessages: Record<keyof typeof messages, MessageDescriptor> = messages;

/** The name of a fee-rate method ("payout_pix" -> "PIX payout"); an unknown plugin's code as is. */
export function methodLabel(code: string): MessageDescriptor | string {
  return Object.hasOwn(methodMessages, code) ? (methodMessages as Record<string, MessageDescriptor>)[code]! : code;
}
