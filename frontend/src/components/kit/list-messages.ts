import { defineMessage, defineMessages } from 'react-intl';

export const kitMessages = defineMessages({
  search: { id: 'kit.list.search', defaultMessage: 'Search' },
  searchAction: { id: 'kit.list.searchAction', defaultMessage: 'Search' },
  dateFrom: { id: 'kit.list.dateFrom', defaultMessage: 'From' },
  dateTo: { id: 'kit.list.dateTo', defaultMessage: 'Until' },
  dateRange: { id: 'kit.list.dateRange', defaultMessage: 'The start date must be before the end date' },
  sort: { id: 'kit.list.sort', defaultMessage: 'Sort by' },
  perPage: { id: 'kit.list.perPage', defaultMessage: 'Per page' },
  columns: { id: 'kit.list.columns', defaultMessage: 'Columns' },
  clear: { id: 'kit.list.clear', defaultMessage: 'Clear filters' },
  filters: { id: 'kit.list.filters', defaultMessage: 'Filters' },
  pagination: { id: 'kit.list.pagination', defaultMessage: 'Pages' },
  first: { id: 'kit.list.first', defaultMessage: 'First page' },
  previous: { id: 'kit.list.previous', defaultMessage: 'Previous' },
  next: { id: 'kit.list.next', defaultMessage: 'Next' },
  range: defineMessage<{ start: string; end: string; total: string }>({ id: 'kit.list.range', defaultMessage: '{start}–{end} of {total}' }),
  rangeOpen: defineMessage<{ start: string; end: string }>({ id: 'kit.list.rangeOpen', defaultMessage: '{start}–{end}' }),
  loadError: { id: 'kit.list.loadError', defaultMessage: 'The list could not be loaded.' },
});
