import { type MessageDescriptor, defineMessages } from 'react-intl';

export const clientStatusMessages = defineMessages({
  active: { id: 'partnerClients.status.active', defaultMessage: 'Active' },
  suspended: { id: 'partnerClients.status.suspended', defaultMessage: 'Suspended' },
});

export const clientSortMessages = defineMessages({
  '-created_at': { id: 'partnerClients.sort.newest', defaultMessage: 'Newest first' },
  created_at: { id: 'partnerClients.sort.oldest', defaultMessage: 'Oldest first' },
  slug: { id: 'partnerClients.sort.slugAsc', defaultMessage: 'Subdomain (A–Z)' },
  '-slug': { id: 'partnerClients.sort.slugDesc', defaultMessage: 'Subdomain (Z–A)' },
});

const messages = defineMessages({
  tabs: { id: 'partnerClients.tabs', defaultMessage: 'Users and clients' },
  tabUsers: { id: 'partnerClients.tabUsers', defaultMessage: 'Users' },
  tabClients: { id: 'partnerClients.tabClients', defaultMessage: 'Clients' },
  table: { id: 'partnerClients.table', defaultMessage: 'Clients' },
  search: { id: 'partnerClients.search', defaultMessage: 'Search' },
  searchHint: { id: 'partnerClients.searchHint', defaultMessage: 'Name or subdomain' },
  status: { id: 'partnerClients.statusFilter', defaultMessage: 'Status' },
  allStatuses: { id: 'partnerClients.allStatuses', defaultMessage: 'All statuses' },
  loadError: { id: 'partnerClients.loadError', defaultMessage: 'Could not load your clients.' },
  empty: { id: 'partnerClients.empty', defaultMessage: 'No clients match these filters.' },
  colName: { id: 'partnerClients.col.name', defaultMessage: 'Client' },
  colStatus: { id: 'partnerClients.col.status', defaultMessage: 'Status' },
  colCurrencies: { id: 'partnerClients.col.currencies', defaultMessage: 'Currencies' },
  colCreated: { id: 'partnerClients.col.created', defaultMessage: 'Created' },
  colActions: { id: 'partnerClients.col.actions', defaultMessage: 'Actions' },
  create: { id: 'partnerClients.create', defaultMessage: 'New client' },
  cancel: { id: 'partnerClients.cancel', defaultMessage: 'Cancel' },
  emailHint: { id: 'partnerClients.emailHint', defaultMessage: 'The first user, with the owner role (client). Modules are enabled by the platform.' },
  suspend: { id: 'partnerClients.suspend', defaultMessage: 'Suspend' },
  suspendLabel: { id: 'partnerClients.suspendLabel', defaultMessage: 'Suspend {name}' },
  reactivate: { id: 'partnerClients.reactivate', defaultMessage: 'Reactivate' },
  reactivateLabel: { id: 'partnerClients.reactivateLabel', defaultMessage: 'Reactivate {name}' },
  suspendTitle: { id: 'partnerClients.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendText: {
    id: 'partnerClients.suspendText',
    defaultMessage: "Its users' logins will be refused and their open sessions ended; its API keys stop working. Its data is kept and comes back on reactivation.",
  },
  reactivateTitle: { id: 'partnerClients.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateText: { id: 'partnerClients.reactivateText', defaultMessage: 'Its users can sign in again and its API keys work again, with all of its data as it was.' },
  reasonLabel: { id: 'partnerClients.reasonLabel', defaultMessage: 'Reason (kept in the audit trail)' },
  reasonRequired: { id: 'partnerClients.reasonRequired', defaultMessage: 'Say why.' },
  suspended: { id: 'partnerClients.suspended', defaultMessage: 'Client suspended' },
  reactivated: { id: 'partnerClients.reactivated', defaultMessage: 'Client reactivated' },
});

export const partnerClientsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
