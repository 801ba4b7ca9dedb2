import type { IntlShape, MessageDescriptor } from 'react-intl';

/** Each key's words in the user's language (a list's sort choices, say): `{key: label}`. */
export function labelsOf<K extends string>(intl: IntlShape, keys: readonly K[], messages: Record<K, MessageDescriptor>): Record<K, string> {
  return Object.fromEntries(
    keys.map((key) => {
      const message: MessageDescriptor = messages[key];
      return [key, intl.formatMessage(message)];
    }),
  ) as Record<K, string>;
}
