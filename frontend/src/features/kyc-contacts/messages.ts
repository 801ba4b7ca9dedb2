import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  intro: { id: 'kycContacts.intro', defaultMessage: 'E-mails of payers and phones and e-mails used as PIX keys of payouts, with the CPF/CNPJ that used them at every client. One used by {threshold} or more documents is flagged.' },
  table: { id: 'kycContacts.table', defaultMessage: 'E-mails and phones' },
  search: { id: 'kycContacts.search', defaultMessage: 'Start of the e-mail or phone' },
  kind: { id: 'kycContacts.kind', defaultMessage: 'Type' },
  allKinds: { id: 'kycContacts.allKinds', defaultMessage: 'E-mails and phones' },
  kindEmail: { id: 'kycContacts.kind.email', defaultMessage: 'E-mail' },
  kindPhone: { id: 'kycContacts.kind.phone', defaultMessage: 'Phone' },
  shared: { id: 'kycContacts.shared', defaultMessage: 'Sharing' },
  allShared: { id: 'kycContacts.allShared', defaultMessage: 'All' },
  onlyShared: { id: 'kycContacts.onlyShared', defaultMessage: 'Only the flagged' },
  sortDocuments: { id: 'kycContacts.sort.documents', defaultMessage: 'Most documents first' },
  sortFewest: { id: 'kycContacts.sort.fewest', defaultMessage: 'Fewest documents first' },
  sortRecent: { id: 'kycContacts.sort.recent', defaultMessage: 'Seen most recently first' },
  sortOldest: { id: 'kycContacts.sort.oldest', defaultMessage: 'Seen least recently first' },
  colValue: { id: 'kycContacts.col.value', defaultMessage: 'E-mail or phone' },
  colKind: { id: 'kycContacts.col.kind', defaultMessage: 'Type' },
  colDocuments: { id: 'kycContacts.col.documents', defaultMessage: 'Documents' },
  colUsedBy: { id: 'kycContacts.col.usedBy', defaultMessage: 'Used by' },
  colLastSeen: { id: 'kycContacts.col.lastSeen', defaultMessage: 'Last seen' },
  flagged: { id: 'kycContacts.flagged', defaultMessage: 'Shared' },
  usedBy: { id: 'kycContacts.usedBy', defaultMessage: '{document} ({clients}; {uses, plural, one {# use} other {# uses}})' },
  loadError: { id: 'kycContacts.loadError', defaultMessage: 'The e-mails and phones could not be loaded' },
  empty: { id: 'kycContacts.empty', defaultMessage: 'No e-mail or phone seen' },
});

export const contactsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
