import { defineMessage, defineMessages } from 'react-intl';

/** The sort choices every money list offers (LIST_SORTS); a list with more adds its own. */
export const listSortMessages = defineMessages({
  '-created_at': { id: 'kit.list.sort.createdDesc', defaultMessage: 'Newest first' },
  created_at: { id: 'kit.list.sort.createdAsc', defaultMessage: 'Oldest first' },
  '-amount': { id: 'kit.list.sort.amountDesc', defaultMessage: 'Highest amount' },
  amount: { id: 'kit.list.sort.amountAsc', defaultMessage: 'Lowest amount' },
});

export const kitMessages = defineMessages({
  search: { id: 'kit.list.search', defaultMessage: 'Search' },
  copy: { id: 'kit.copy', defaultMessage: 'Copy' },
  copied: { id: 'kit.copied', defaultMessage: 'Copied' },
  searchAction: { id: 'kit.list.searchAction', defaultMessage: 'Search' },
  dateFrom: { id: 'kit.list.dateFrom', defaultMessage: 'From' },
  dateTo: { id: 'kit.list.dateTo', defaultMessage: 'Until' },
  sort: { id: 'kit.list.sort', defaultMessage: 'Sort by' },
  perPage: { id: 'kit.list.perPage', defaultMessage: 'Per page' },
  columns: { id: 'kit.list.columns', defaultMessage: 'Columns' },
  clear: { id: 'kit.list.clear', defaultMessage: 'Clear filters' },
  filters: { id: 'kit.list.filters', defaultMessage: 'Filters' },
  /** A multiple-choice filter with nothing chosen: every value passes. */
  anyOption: { id: 'kit.list.anyOption', defaultMessage: 'Any' },
  pagination: { id: 'kit.list.pagination', defaultMessage: 'Pages' },
  first: { id: 'kit.list.first', defaultMessage: 'First page' },
  previous: { id: 'kit.list.previous', defaultMessage: 'Previous' },
  next: { id: 'kit.list.next', defaultMessage: 'Next' },
  range: defineMessage<{ start: string; end: string; total: string }>({ id: 'kit.list.range', defaultMessage: '{start}–{end} of {total}' }),
  rangeOpen: defineMessage<{ start: string; end: string }>({ id: 'kit.list.rangeOpen', defaultMessage: '{start}–{end}' }),
  loadError: { id: 'kit.list.loadError', defaultMessage: 'The list could not be loaded.' },
});

/** The words of the form kit (FormDialog, ConfirmDialog, field helpers). */
export const kitFormMessages = defineMessages({
  cancel: { id: 'kit.form.cancel', defaultMessage: 'Cancel' },
  close: { id: 'kit.form.close', defaultMessage: 'Close' },
  back: { id: 'kit.form.back', defaultMessage: 'Back' },
  reviewTitle: { id: 'kit.form.reviewTitle', defaultMessage: 'Check before confirming' },
  errorTitle: { id: 'kit.form.errorTitle', defaultMessage: 'It did not work' },
  tryAgainLater: { id: 'kit.form.tryAgainLater', defaultMessage: 'Please, try again later' },
  required: { id: 'kit.form.required', defaultMessage: 'Required field' },
  amountEmpty: { id: 'kit.form.amount.empty', defaultMessage: 'Enter an amount' },
  amountInvalid: { id: 'kit.form.amount.invalid', defaultMessage: 'Enter a valid amount, like {example}' },
  amountDecimals: { id: 'kit.form.amount.decimals', defaultMessage: 'Use at most two decimal places' },
  amountGrouping: { id: 'kit.form.amount.grouping', defaultMessage: 'Group the thousands by three digits, like {example}' },
  amountTooLarge: { id: 'kit.form.amount.tooLarge', defaultMessage: 'The amount is too large' },
  amountZero: { id: 'kit.form.amount.zero', defaultMessage: 'The amount must be greater than zero' },
});

/** The words of the date fields (DateField, DateRangeField). */
export const kitDateMessages = defineMessages({
  pattern: { id: 'kit.date.pattern', defaultMessage: 'mm/dd/yyyy' },
  calendar: defineMessage<{ field: string }>({ id: 'kit.date.calendar', defaultMessage: 'Open the calendar: {field}' }),
  empty: { id: 'kit.date.empty', defaultMessage: 'Enter a date' },
  incomplete: defineMessage<{ pattern: string; example: string }>({ id: 'kit.date.incomplete', defaultMessage: 'Enter the whole date as {pattern}, like {example}' }),
  invalid: defineMessage<{ pattern: string; example: string }>({ id: 'kit.date.invalid', defaultMessage: 'This day does not exist: enter a date as {pattern}, like {example}' }),
  from: { id: 'kit.date.from', defaultMessage: 'From' },
  to: { id: 'kit.date.to', defaultMessage: 'Until' },
  reversed: { id: 'kit.date.reversed', defaultMessage: 'The start date must be before the end date' },
});

/** The words of the staff decision dialog (DecisionDialog). */
export const kitDecisionMessages = defineMessages({
  confirmTitle: { id: 'kit.decision.confirmTitle', defaultMessage: 'Confirm the decision?' },
});
