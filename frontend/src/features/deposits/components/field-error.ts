import { useCallback } from 'react';
import { useIntl } from 'react-intl';

import type { FieldError } from '../lib/deposit-form';

/** Renders a field error in the current language (catalog message or the server's own text). */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (error) => {
      if (!error) return undefined;
      return 'text' in error ? error.text : intl.formatMessage(error.message, error.values);
    },
    [intl],
  );
}
