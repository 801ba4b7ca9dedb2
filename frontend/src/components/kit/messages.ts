import { defineMessages } from 'react-intl';

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
