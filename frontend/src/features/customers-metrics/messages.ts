import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  intro: { id: 'customersMetrics.intro', defaultMessage: 'The payers (CPF/CNPJ) of every client over the period, in BRL: paid charges, volume, how much was refunded and how many MED cases their payments had. Last 30 days unless a period is chosen.' },
  table: { id: 'customersMetrics.table', defaultMessage: 'Customer metrics' },
  period: { id: 'customersMetrics.period', defaultMessage: 'From {from} to {to}' },
  sortVolume: { id: 'customersMetrics.sort.volume', defaultMessage: 'Highest volume first' },
  sortDeposits: { id: 'customersMetrics.sort.deposits', defaultMessage: 'Most payments first' },
  sortRefundRatio: { id: 'customersMetrics.sort.refundRatio', defaultMessage: 'Highest refund ratio first' },
  sortMedRatio: { id: 'customersMetrics.sort.medRatio', defaultMessage: 'Highest MED ratio first' },
  colName: { id: 'customersMetrics.col.name', defaultMessage: 'Name' },
  colDocument: { id: 'customersMetrics.col.document', defaultMessage: 'CPF/CNPJ' },
  colClients: { id: 'customersMetrics.col.clients', defaultMessage: 'Clients' },
  colDeposits: { id: 'customersMetrics.col.deposits', defaultMessage: 'Payments' },
  colVolume: { id: 'customersMetrics.col.volume', defaultMessage: 'Volume' },
  colRefunded: { id: 'customersMetrics.col.refunded', defaultMessage: 'Refunded' },
  colRefundRatio: { id: 'customersMetrics.col.refundRatio', defaultMessage: 'Refund ratio' },
  colMed: { id: 'customersMetrics.col.med', defaultMessage: 'MED cases' },
  colMedRatio: { id: 'customersMetrics.col.medRatio', defaultMessage: 'MED ratio' },
  loadError: { id: 'customersMetrics.loadError', defaultMessage: 'The metrics could not be loaded' },
  empty: { id: 'customersMetrics.empty', defaultMessage: 'No paid charges in the period' },
});

export const metricsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
