import { type MessageDescriptor, defineMessages } from 'react-intl';

export const kindMessages = defineMessages({
  client: { id: 'adminClients.kind.client', defaultMessage: 'Client' },
  partner: { id: 'adminClients.kind.partner', defaultMessage: 'Partner' },
});

export const tenantStatusMessages = defineMessages({
  active: { id: 'adminClients.status.active', defaultMessage: 'Active' },
  suspended: { id: 'adminClients.status.suspended', defaultMessage: 'Suspended' },
});

export const clientSortMessages = defineMessages({
  '-created_at': { id: 'adminClients.sort.newest', defaultMessage: 'Newest first' },
  created_at: { id: 'adminClients.sort.oldest', defaultMessage: 'Oldest first' },
  slug: { id: 'adminClients.sort.slugAsc', defaultMessage: 'Subdomain (A–Z)' },
  '-slug': { id: 'adminClients.sort.slugDesc', defaultMessage: 'Subdomain (Z–A)' },
});

const messages = defineMessages({
  table: { id: 'adminClients.table', defaultMessage: 'Clients and partners' },
  search: { id: 'adminClients.search', defaultMessage: 'Search' },
  searchHint: { id: 'adminClients.searchHint', defaultMessage: 'Name or subdomain' },
  kind: { id: 'adminClients.kind', defaultMessage: 'Type' },
  allKinds: { id: 'adminClients.allKinds', defaultMessage: 'All types' },
  status: { id: 'adminClients.statusFilter', defaultMessage: 'Status' },
  allStatuses: { id: 'adminClients.allStatuses', defaultMessage: 'All statuses' },
  loadError: { id: 'adminClients.loadError', defaultMessage: 'Could not load the clients.' },
  empty: { id: 'adminClients.empty', defaultMessage: 'No clients match these filters.' },
  colName: { id: 'adminClients.col.name', defaultMessage: 'Client' },
  colPartner: { id: 'adminClients.col.partner', defaultMessage: 'Partner' },
  colStatus: { id: 'adminClients.col.status', defaultMessage: 'Status' },
  colModules: { id: 'adminClients.col.modules', defaultMessage: 'Modules and toggles' },
  colCurrencies: { id: 'adminClients.col.currencies', defaultMessage: 'Currencies' },
  colCreated: { id: 'adminClients.col.created', defaultMessage: 'Created' },
  colActions: { id: 'adminClients.col.actions', defaultMessage: 'Actions' },
  none: { id: 'adminClients.none', defaultMessage: '—' },
  create: { id: 'adminClients.create', defaultMessage: 'New client' },
  formTitle: { id: 'adminClients.formTitle', defaultMessage: 'New client' },
  submit: { id: 'adminClients.submit', defaultMessage: 'Create client' },
  cancel: { id: 'adminClients.cancel', defaultMessage: 'Cancel' },
  createFailed: { id: 'adminClients.createFailed', defaultMessage: 'The client was not created' },
  nameLabel: { id: 'adminClients.nameLabel', defaultMessage: 'Company name' },
  slugLabel: { id: 'adminClients.slugLabel', defaultMessage: 'Subdomain' },
  slugHint: { id: 'adminClients.slugHint', defaultMessage: 'Lower-case letters, digits and hyphens; the client signs in at {host}.' },
  emailLabel: { id: 'adminClients.emailLabel', defaultMessage: "Owner's e-mail" },
  emailHint: { id: 'adminClients.emailHint', defaultMessage: 'The first user, with the owner role (client).' },
  currenciesLabel: { id: 'adminClients.currenciesLabel', defaultMessage: 'Currencies' },
  required: { id: 'adminClients.required', defaultMessage: 'Required.' },
  slugInvalid: { id: 'adminClients.slugInvalid', defaultMessage: 'Use 1 to 30 lower-case letters, digits or hyphens (not at the ends).' },
  emailInvalid: { id: 'adminClients.emailInvalid', defaultMessage: 'Enter a valid e-mail.' },
  currencyRequired: { id: 'adminClients.currencyRequired', defaultMessage: 'Choose at least one currency.' },
  createdTitle: { id: 'adminClients.createdTitle', defaultMessage: 'Client created' },
  createdText: { id: 'adminClients.createdText', defaultMessage: '{name} is ready at {host}. Its owner {email} signs in there.' },
  passwordLabel: { id: 'adminClients.passwordLabel', defaultMessage: 'One-time password' },
  passwordWarning: { id: 'adminClients.passwordWarning', defaultMessage: 'Give this password to the owner now: it is shown only once. They should change it at the first sign-in.' },
  existingOwner: { id: 'adminClients.existingOwner', defaultMessage: '{email} already had a login: they sign in with their current password.' },
  done: { id: 'adminClients.done', defaultMessage: 'Done' },
  suspend: { id: 'adminClients.suspend', defaultMessage: 'Suspend' },
  suspendLabel: { id: 'adminClients.suspendLabel', defaultMessage: 'Suspend {name}' },
  reactivate: { id: 'adminClients.reactivate', defaultMessage: 'Reactivate' },
  reactivateLabel: { id: 'adminClients.reactivateLabel', defaultMessage: 'Reactivate {name}' },
  suspendTitle: { id: 'adminClients.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendText: {
    id: 'adminClients.suspendText',
    defaultMessage: "Its users' logins will be refused and their open sessions ended; its API keys stop working. Its data (balances, payments, payouts, users) is kept and comes back on reactivation.",
  },
  reactivateTitle: { id: 'adminClients.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateText: { id: 'adminClients.reactivateText', defaultMessage: 'Its users can sign in again and its API keys work again, with all of its data as it was.' },
  reasonLabel: { id: 'adminClients.reasonLabel', defaultMessage: 'Reason (kept in the audit trail)' },
  reasonRequired: { id: 'adminClients.reasonRequired', defaultMessage: 'Say why.' },
  suspended: { id: 'adminClients.suspended', defaultMessage: 'Client suspended' },
  reactivated: { id: 'adminClients.reactivated', defaultMessage: 'Client reactivated' },
});

export const adminClientsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
