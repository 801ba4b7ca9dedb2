import { type MessageDescriptor, defineMessages } from 'react-intl';

/** Payment methods (deposits) and payout methods by code. */
export const methodMessages = defineMessages({
  billet: { id: 'bankRouting.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'bankRouting.method.pix', defaultMessage: 'PIX' },
  card: { id: 'bankRouting.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'bankRouting.method.wire', defaultMessage: 'Bank transfer' },
  ted: { id: 'bankRouting.method.ted', defaultMessage: 'TED' },
});

export const routeSourceMessages = defineMessages({
  client: { id: 'bankRouting.source.client', defaultMessage: 'Client route' },
  platform: { id: 'bankRouting.source.platform', defaultMessage: 'Platform default' },
  builtin: { id: 'bankRouting.source.builtin', defaultMessage: 'Built-in default' },
});

/** Faults of a configuration field, by the server's code (gateway.config_schema.ConfigError). */
export const faultMessages = defineMessages({
  required: { id: 'bankRouting.fault.required', defaultMessage: 'Required' },
  invalid_type: { id: 'bankRouting.fault.invalidType', defaultMessage: 'Invalid value' },
  invalid_integer: { id: 'bankRouting.fault.invalidInteger', defaultMessage: 'Type a whole number' },
  invalid_number: { id: 'bankRouting.fault.invalidNumber', defaultMessage: 'Type a number' },
  invalid_choice: { id: 'bankRouting.fault.invalidChoice', defaultMessage: 'Choose one of the options' },
  below_minimum: { id: 'bankRouting.fault.belowMinimum', defaultMessage: 'At least {minimum}' },
  above_maximum: { id: 'bankRouting.fault.aboveMaximum', defaultMessage: 'At most {maximum}' },
  too_short: { id: 'bankRouting.fault.tooShort', defaultMessage: 'At least {min_length} characters' },
  too_long: { id: 'bankRouting.fault.tooLong', defaultMessage: 'At most {max_length} characters' },
  pattern_mismatch: { id: 'bankRouting.fault.patternMismatch', defaultMessage: 'Not in the expected format' },
  unknown_field: { id: 'bankRouting.fault.unknownField', defaultMessage: 'Unknown setting' },
  invalid_pix_key: { id: 'bankRouting.fault.invalidPixKey', defaultMessage: 'Invalid PIX key' },
  invalid_document: { id: 'bankRouting.fault.invalidDocument', defaultMessage: 'Invalid CPF or CNPJ' },
  other: { id: 'bankRouting.fault.other', defaultMessage: 'Invalid value ({code})' },
  provider_not_enabled: { id: 'bankRouting.fault.providerNotEnabled', defaultMessage: 'This bank provider is disabled' },
  provider_does_not_serve_method: { id: 'bankRouting.fault.providerDoesNotServe', defaultMessage: 'This bank provider does not collect this method' },
  unknown_provider: { id: 'bankRouting.fault.unknownProvider', defaultMessage: 'No loaded plugin provides this bank provider' },
  unknown_method: { id: 'bankRouting.fault.unknownMethod', defaultMessage: 'No loaded plugin provides this method' },
});

const messages = defineMessages({
  introIn: {
    id: 'bankRouting.intro.in',
    defaultMessage:
      'Where the money comes in: which bank provider collects each payment method, for the platform and for each client, and the settings of the payment methods and bank providers.',
  },
  introOut: {
    id: 'bankRouting.intro.out',
    defaultMessage: 'Where the money goes out: the bank providers that make payouts, what they pay out, and their settings.',
  },
  payoutRouting: {
    id: 'bankRouting.payoutRouting',
    defaultMessage:
      'A PIX payout goes through the bank provider that collects PIX for the client (see Deposit banks); a TED goes through the built-in default provider. A disabled provider takes no new payout.',
  },
  scope: { id: 'bankRouting.scope', defaultMessage: 'Client' },
  scopePlatform: { id: 'bankRouting.scope.platform', defaultMessage: 'Platform default' },
  scopeHintPlatform: { id: 'bankRouting.scopeHint.platform', defaultMessage: 'The routes and settings every client uses unless it has its own.' },
  scopeHintClient: {
    id: 'bankRouting.scopeHint.client',
    defaultMessage: 'What {client} uses: its own routes and settings where it has them, else the platform’s.',
  },
  refusedTitle: { id: 'bankRouting.refusedTitle', defaultMessage: 'Installed plugins that were not loaded' },
  loadError: { id: 'bankRouting.loadError', defaultMessage: 'The bank settings could not be loaded' },
  none: { id: 'bankRouting.none', defaultMessage: 'None' },
  actions: { id: 'bankRouting.col.actions', defaultMessage: 'Actions' },

  routesTitle: { id: 'bankRouting.routes.title', defaultMessage: 'Provider routing' },
  colMethod: { id: 'bankRouting.col.method', defaultMessage: 'Payment method' },
  colProvider: { id: 'bankRouting.col.provider', defaultMessage: 'Bank provider' },
  colApplies: { id: 'bankRouting.col.applies', defaultMessage: 'Applies' },
  builtinProvider: { id: 'bankRouting.builtinProvider', defaultMessage: 'No route set: the built-in default provider' },
  instead: { id: 'bankRouting.instead', defaultMessage: 'Instead of the platform’s {provider}' },
  change: { id: 'bankRouting.route.change', defaultMessage: 'Change' },
  setRoute: { id: 'bankRouting.route.set', defaultMessage: 'Set route' },
  setClientRoute: { id: 'bankRouting.route.setClient', defaultMessage: 'Set client route' },
  actionLabel: { id: 'bankRouting.actionLabel', defaultMessage: '{action}: {method} ({scope})' },
  resetRoute: { id: 'bankRouting.route.reset', defaultMessage: 'Reset to default' },
  routeTitle: { id: 'bankRouting.route.title', defaultMessage: 'Route {method}' },
  routeTextClient: {
    id: 'bankRouting.route.textClient',
    defaultMessage: 'New deposits of {client} by {method} will be collected by the bank provider you choose.',
  },
  routeTextPlatform: {
    id: 'bankRouting.route.textPlatform',
    defaultMessage: 'New deposits by {method} of every client without a route of its own will be collected by the bank provider you choose.',
  },
  chooseProvider: { id: 'bankRouting.route.chooseProvider', defaultMessage: 'Choose a bank provider' },
  noProviders: { id: 'bankRouting.route.noProviders', defaultMessage: 'No enabled bank provider collects this method.' },
  saveRoute: { id: 'bankRouting.route.save', defaultMessage: 'Save route' },
  routeSaved: { id: 'bankRouting.route.saved', defaultMessage: 'Route saved' },
  routeSavedText: { id: 'bankRouting.route.savedText', defaultMessage: '{method} ({scope}): {provider}' },
  routeFailed: { id: 'bankRouting.route.failed', defaultMessage: 'The route could not be saved' },
  resetTitle: { id: 'bankRouting.reset.title', defaultMessage: 'Reset to the platform default?' },
  resetText: {
    id: 'bankRouting.reset.text',
    defaultMessage: 'New deposits of {client} by {method} will go to the platform default: {provider}.',
  },
  resetTextBuiltin: {
    id: 'bankRouting.reset.textBuiltin',
    defaultMessage: 'New deposits of {client} by {method} will go to the built-in default provider (the platform has no route for it).',
  },
  routeReset: { id: 'bankRouting.reset.done', defaultMessage: 'Route reset to the platform default' },
  routeResetFailed: { id: 'bankRouting.reset.failed', defaultMessage: 'The route could not be reset' },

  methodsTitle: { id: 'bankRouting.methods.title', defaultMessage: 'Payment methods' },
  providersTitle: { id: 'bankRouting.providers.title', defaultMessage: 'Bank providers' },
  providersOutTitle: { id: 'bankRouting.providers.outTitle', defaultMessage: 'Bank providers that make payouts' },
  providersPlatformOnly: {
    id: 'bankRouting.providers.platformOnly',
    defaultMessage: 'Bank providers are set up for the whole platform: choose “Platform default” to change them.',
  },
  noPayoutProviders: { id: 'bankRouting.providers.noPayouts', defaultMessage: 'No bank provider makes payouts' },
  colName: { id: 'bankRouting.col.name', defaultMessage: 'Name' },
  colCode: { id: 'bankRouting.col.code', defaultMessage: 'Code' },
  colCurrencies: { id: 'bankRouting.col.currencies', defaultMessage: 'Currencies' },
  colCollects: { id: 'bankRouting.col.collects', defaultMessage: 'Collects' },
  colPaysOut: { id: 'bankRouting.col.paysOut', defaultMessage: 'Pays out' },
  colRefunds: { id: 'bankRouting.col.refunds', defaultMessage: 'Refunds' },
  colStatus: { id: 'bankRouting.col.status', defaultMessage: 'Status' },
  enabled: { id: 'bankRouting.status.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'bankRouting.status.disabled', defaultMessage: 'Disabled' },
  inherited: { id: 'bankRouting.status.inherited', defaultMessage: 'As the platform' },
  ownSetting: { id: 'bankRouting.status.own', defaultMessage: 'Client setting' },
  configure: { id: 'bankRouting.configure', defaultMessage: 'Configure' },
  configureLabel: { id: 'bankRouting.configureLabel', defaultMessage: 'Configure {name}' },
  enable: { id: 'bankRouting.enable', defaultMessage: 'Enable' },
  disable: { id: 'bankRouting.disable', defaultMessage: 'Disable' },
  enableLabel: { id: 'bankRouting.enableLabel', defaultMessage: 'Enable {name}' },
  disableLabel: { id: 'bankRouting.disableLabel', defaultMessage: 'Disable {name}' },

  configTitle: { id: 'bankRouting.config.title', defaultMessage: 'Configure {name}' },
  configTitleClient: { id: 'bankRouting.config.titleClient', defaultMessage: 'Configure {name} for {client}' },
  configIntroPlatform: { id: 'bankRouting.config.introPlatform', defaultMessage: 'Empty fields take their default value.' },
  configIntroClient: {
    id: 'bankRouting.config.introClient',
    defaultMessage: 'What you fill in replaces the platform’s value for {client}; empty fields follow the platform.',
  },
  noSettings: { id: 'bankRouting.config.noSettings', defaultMessage: 'This plugin has no settings.' },
  defaultValue: { id: 'bankRouting.config.default', defaultMessage: 'Default: {value}' },
  platformValue: { id: 'bankRouting.config.platform', defaultMessage: 'Platform: {value}' },
  notSet: { id: 'bankRouting.config.notSet', defaultMessage: 'Not set' },
  secretSet: { id: 'bankRouting.config.secretSet', defaultMessage: '••• set' },
  secretEmpty: { id: 'bankRouting.config.secretEmpty', defaultMessage: 'empty' },
  secretHintSet: {
    id: 'bankRouting.config.secretHintSet',
    defaultMessage: 'Write-only: it is never shown. Type a new value to replace it; leave empty to keep it.',
  },
  secretHintEmpty: { id: 'bankRouting.config.secretHintEmpty', defaultMessage: 'Write-only: once saved it is never shown again.' },
  secretPlaceholderSet: { id: 'bankRouting.config.secretPlaceholderSet', defaultMessage: 'Leave empty to keep the stored value' },
  yes: { id: 'bankRouting.config.yes', defaultMessage: 'Yes' },
  no: { id: 'bankRouting.config.no', defaultMessage: 'No' },
  cancel: { id: 'bankRouting.cancel', defaultMessage: 'Cancel' },
  saveConfig: { id: 'bankRouting.config.save', defaultMessage: 'Save settings' },
  configSaved: { id: 'bankRouting.config.saved', defaultMessage: 'Settings saved' },
  configFailed: { id: 'bankRouting.config.failed', defaultMessage: 'The settings could not be saved' },

  disableTitle: { id: 'bankRouting.toggle.disableTitle', defaultMessage: 'Disable {name}?' },
  enableTitle: { id: 'bankRouting.toggle.enableTitle', defaultMessage: 'Enable {name}?' },
  disableMethodPlatform: {
    id: 'bankRouting.toggle.disableMethodPlatform',
    defaultMessage: 'New deposits by {name} will be refused for every client without a setting of its own. Deposits already created carry on.',
  },
  disableMethodClient: {
    id: 'bankRouting.toggle.disableMethodClient',
    defaultMessage: 'New deposits of {client} by {name} will be refused. Deposits already created carry on.',
  },
  enableMethodPlatform: {
    id: 'bankRouting.toggle.enableMethodPlatform',
    defaultMessage: '{name} will take new deposits again for every client without a setting of its own.',
  },
  enableMethodClient: { id: 'bankRouting.toggle.enableMethodClient', defaultMessage: '{name} will take new deposits of {client} again.' },
  disableProvider: {
    id: 'bankRouting.toggle.disableProvider',
    defaultMessage:
      'New deposits and payouts routed to {name} will be refused, and no route can choose it. What is already at this bank carries on (confirmations, refunds).',
  },
  providerRoutes: { id: 'bankRouting.toggle.providerRoutes', defaultMessage: 'Routes that name it: {routes}.' },
  enableProvider: { id: 'bankRouting.toggle.enableProvider', defaultMessage: '{name} will take new deposits and payouts again on the routes that name it.' },
  enabledToast: { id: 'bankRouting.toggle.enabled', defaultMessage: '{name} enabled' },
  disabledToast: { id: 'bankRouting.toggle.disabled', defaultMessage: '{name} disabled' },
  toggleFailed: { id: 'bankRouting.toggle.failed', defaultMessage: 'The change could not be saved' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const bankRoutingMessages: Record<keyof typeof messages, MessageDescriptor> = messages;

/** A method's name ("billet" -> "Billet"); an unknown plugin's code as is. */
export function methodLabel(code: string): MessageDescriptor | string {
  return Object.hasOwn(methodMessages, code) ? (methodMessages as Record<string, MessageDescriptor>)[code]! : code;
}

/** The message of a configuration fault (the server's code; unknown codes are quoted). */
export function faultMessage(code: string, expected?: string | number): MessageDescriptor {
  if (code === 'invalid_type' && expected === 'integer') return faultMessages.invalid_integer;
  if (code === 'invalid_type' && expected === 'number') return faultMessages.invalid_number;
  return Object.hasOwn(faultMessages, code) ? (faultMessages as Record<string, MessageDescriptor>)[code]! : faultMessages.other;
}
