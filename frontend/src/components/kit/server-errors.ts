import { isApiError } from '@/lib/api-client';

/** An API failure split for a form: messages on the form's fields, and one general message. */
export type ServerErrors<K extends string> = {
  fields: Partial<Record<K, string>>;
  /** What the form shows above its fields (null: nothing to add to the field messages). */
  general: string | null;
};

type Options = {
  /** A field error's code (e.g. `amount_out_of_range`) in words; undefined: not known here. */
  translate?: (code: string) => string | undefined;
  /** Said for a 5xx or a network failure (the server's text is not for people then). */
  fallback: string;
};

/**
 * Map an API error body (`{code, message, fields: {path: code}}`) onto a form's fields.
 *
 * `fieldMap` names the form field of each API path (`payer.document` -> `document`); a path not in it
 * goes to the general message. A field code equal to the error's own code (`currency_not_accepted` on
 * `currency`) takes the server's translated message; else `translate(code)`, else the code itself.
 */
export function serverErrors<K extends string>(
  error: unknown,
  fieldMap: Readonly<Record<string, K>>,
  { translate, fallback }: Options,
): ServerErrors<K> {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { fields: {}, general: fallback };
  const fields: Partial<Record<K, string>> = {};
  const other: string[] = [];
  for (const [path, code] of Object.entries(error.fields ?? {})) {
    const text = code === error.code ? error.message : (translate?.(code) ?? code);
    const key = Object.hasOwn(fieldMap, path) ? fieldMap[path] : undefined;
    if (key) fields[key] = text;
    else other.push(text);
  }
  const onFields = Object.keys(fields).length > 0;
  if (other.length > 0) return { fields, general: other.join(' ') };
  // Every problem is on a field: the field says it; the general line only adds the server's summary.
  return { fields, general: onFields ? null : error.message || fallback };
}
