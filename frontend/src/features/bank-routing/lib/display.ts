import type { IntlShape } from 'react-intl';

import { methodLabel } from '../messages';

/** A method's name in the user's language ("billet" -> "Boleto"); an unknown plugin's code as is. */
export function methodName(intl: IntlShape, code: string): string {
  const label = methodLabel(code);
  return typeof label === 'string' ? label : intl.formatMessage(label);
}
