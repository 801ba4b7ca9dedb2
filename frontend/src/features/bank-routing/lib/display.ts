import type { IntlShape } from 'react-intl';

import type { Plugin } from '@/api/types';

import { methodLabel } from '../messages';

/** A method's name in the user's language ("billet" -> "Boleto"); an unknown plugin's code as is. */
export function methodName(intl: IntlShape, code: string): string {
  const label = methodLabel(code);
  return typeof label === 'string' ? label : intl.formatMessage(label);
}

/**
 * A plugin's name for the screen: a payment method we know by its code in the user's language (the
 * plugin's own name is one fixed text, "Boleto", "Card", whatever the language); a bank provider, or a
 * method we do not know, by the plugin's own name.
 */
export function pluginName(intl: IntlShape, plugin: Pick<Plugin, 'kind' | 'code' | 'name'>): string {
  if (plugin.kind !== 'method') return plugin.name;
  const label = methodLabel(plugin.code);
  return typeof label === 'string' ? plugin.name : intl.formatMessage(label);
}
