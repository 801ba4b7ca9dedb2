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
  cancel: { id: 'adminClients.cancel', defaultMessage: 'Cancel' },
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
