import type { IntlShape, MessageDescriptor } from 'react-intl';

import { money } from '@/lib/format';

import { feeRatesMessages as m, methodLabel, sourceMessages } from '../messages';
import { formatPercent } from '@/lib/percent';
import type { Rate, RateSource } from './rates';


/** "R$" / "US$" (pt-BR), "R$" / "$" (en): the label of the fixed amount's input. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: currency === 'USD' ? 'USD' : 'BRL' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export function methodName(intl: IntlShape, code: string): string {
  const label: MessageDescriptor | string = methodLabel(code);
  return typeof label === 'string' ? label : intl.formatMessage(label);
}

/** "1,99% + R$ 1,50" */
export function rateText(intl: IntlShape, rate: Rate, currency: string): string {
  return intl.formatMessage(m.rate, { percent: formatPercent(rate.percent_bp, intl.locale), fixed: money(rate.fixed, currency, intl.locale) });
}

/** "1,99% + R$ 1,50 (Client rate)", or "No fee". */
export function rateWithSource(intl: IntlShape, rate: Rate | undefined, source: RateSource, currency: string): string {
  if (!rate || source === 'none') return intl.formatMessage(sourceMessages.none);
  return `${rateText(intl, rate, currency)} (${intl.formatMessage(sourceMessages[source])})`;
}
