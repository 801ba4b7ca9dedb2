/**
 * The configuration dialog of a plugin, generated from its `config_schema`: the JSON-Schema subset of
 * gateway/config_schema.py (an object of string, integer, number and boolean properties with
 * required, enum, minimum, maximum, minLength, maxLength, pattern, default, writeOnly, title,
 * description). Every field is edited as text; this module turns the texts into the values the API
 * takes and says which ones are wrong, with the codes the server uses for the same faults.
 *
 * What is sent: the form sends every field it has a value for (the API stores exactly what it gets,
 * so a field left out goes back to its default, or, for a client, to the platform's value). A
 * write-only secret is never shown: left empty it is not sent and the stored one is kept; typed, it
 * replaces it.
 */

export type FieldType = 'string' | 'integer' | 'number' | 'boolean';
export type Scalar = string | number | boolean;

export type ConfigField = {
  name: string;
  type: FieldType;
  title: string | undefined;
  description: string | undefined;
  choices: Scalar[] | undefined;
  default: Scalar | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: string | undefined;
  secret: boolean;
  required: boolean;
};

export type ConfigValues = Record<string, string>;
/** A field's fault: the server's code (gateway.config_schema.ConfigError) and its parameters. */
export type ConfigFault = { code: string; params?: Record<string, string | number> };
export type ConfigFaults = Record<string, ConfigFault>;

const TYPES: readonly FieldType[] = ['string', 'integer', 'number', 'boolean'];
const isScalar = (value: unknown): value is Scalar => ['string', 'number', 'boolean'].includes(typeof value);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The fields of a plugin's schema, in the schema's order (properties of an unknown type are skipped). */
export function schemaFields(schema: Record<string, unknown>): ConfigField[] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties)
    .filter(([, prop]) => TYPES.includes(prop.type as FieldType))
    .map(([name, prop]) => ({
      name,
      type: prop.type as FieldType,
      title: typeof prop.title === 'string' ? prop.title : undefined,
      description: typeof prop.description === 'string' ? prop.description : undefined,
      choices: Array.isArray(prop.enum) ? prop.enum.filter(isScalar) : undefined,
      default: isScalar(prop.default) ? prop.default : undefined,
      minimum: num(prop.minimum),
      maximum: num(prop.maximum),
      minLength: num(prop.minLength),
      maxLength: num(prop.maxLength),
      pattern: typeof prop.pattern === 'string' ? prop.pattern : undefined,
      secret: prop.writeOnly === true,
      required: required.has(name),
    }));
}

/** A value as the form's text: enum choices and booleans are the JSON of the value (a select's option). */
export function toText(field: ConfigField, value: unknown): string {
  if (value === undefined || value === null || !isScalar(value)) return '';
  if (field.choices || field.type === 'boolean') return JSON.stringify(value);
  return String(value);
}

/** The texts the form starts with: the stored values; secrets always start empty. */
export function initialValues(fields: ConfigField[], config: Record<string, unknown>): ConfigValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.secret ? '' : toText(field, config[field.name])]));
}

/** The secrets stored for this row (the API lists their names in `secrets_set`, never their values). */
export function secretsSet(config: Record<string, unknown>): string[] {
  return Array.isArray(config.secrets_set) ? (config.secrets_set as unknown[]).filter((name): name is string => typeof name === 'string') : [];
}

function parseNumber(field: ConfigField, text: string): number | ConfigFault {
  const value = text.trim();
  if (field.type === 'integer') {
    if (!/^-?\d+$/.test(value)) return { code: 'invalid_type', params: { expected: 'integer' } };
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : { code: 'invalid_type', params: { expected: 'integer' } };
  }
  if (!/^-?\d+([.,]\d+)?$/.test(value)) return { code: 'invalid_type', params: { expected: 'number' } };
  return Number(value.replace(',', '.'));
}

function checkValue(field: ConfigField, value: Scalar): ConfigFault | undefined {
  if (field.choices && !field.choices.includes(value)) return { code: 'invalid_choice' };
  if (typeof value === 'number') {
    if (field.minimum !== undefined && value < field.minimum) return { code: 'below_minimum', params: { minimum: field.minimum } };
    if (field.maximum !== undefined && value > field.maximum) return { code: 'above_maximum', params: { maximum: field.maximum } };
  }
  if (typeof value === 'string') {
    const length = [...value].length; // Python counts code points
    if (field.minLength !== undefined && length < field.minLength) return { code: 'too_short', params: { min_length: field.minLength } };
    if (field.maxLength !== undefined && length > field.maxLength) return { code: 'too_long', params: { max_length: field.maxLength } };
    if (field.pattern !== undefined) {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(field.pattern, 'u');
      } catch {
        pattern = undefined; // a Python-only construct: the server checks it
      }
      if (pattern && !pattern.test(value)) return { code: 'pattern_mismatch' };
    }
  }
  return undefined;
}

type BuildContext = {
  /** The platform's own row (required fields must be there) or a client's override (may be partial). */
  platform: boolean;
  /** Names of the secrets already stored for the row. */
  secretsSet: readonly string[];
};

/** The `config` of PUT /api/admin/plugins/{kind}/{code}, or the faults to show on the fields. */
export function buildConfig(fields: ConfigField[], values: ConfigValues, context: BuildContext): { config?: Record<string, Scalar>; faults: ConfigFaults } {
  const config: Record<string, Scalar> = {};
  const faults: ConfigFaults = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (text.trim() === '') {
      // Empty: a secret keeps its stored value; any other field takes its default (or, for a client,
      // the platform's value). A required field the platform's row lacks is refused here.
      const stored = field.secret && context.secretsSet.includes(field.name);
      if (context.platform && field.required && field.default === undefined && !stored) faults[field.name] = { code: 'required' };
      continue;
    }
    let value: Scalar;
    if (field.choices || field.type === 'boolean') {
      try {
        value = JSON.parse(text) as Scalar;
      } catch {
        faults[field.name] = { code: 'invalid_choice' };
        continue;
      }
    } else if (field.type === 'integer' || field.type === 'number') {
      const parsed = parseNumber(field, text);
      if (typeof parsed !== 'number') {
        faults[field.name] = parsed;
        continue;
      }
      value = parsed;
    } else {
      value = text;
    }
    const fault = checkValue(field, value);
    if (fault) faults[field.name] = fault;
    else config[field.name] = value;
  }
  return Object.keys(faults).length ? { faults } : { config, faults };
}

/**
 * The server's `fields` (`{"pix_key": "invalid_pix_key"}`) on the form's fields, with the parameters
 * the schema gives (the minimum of a `below_minimum`...). Errors on no field of the form (the whole
 * `config`, the tenant) are returned apart, for the form to show above its fields.
 */
export function serverConfigFaults(fields: Record<string, string> | null | undefined, schema: ConfigField[]): { faults: ConfigFaults; other: string[] } {
  const faults: ConfigFaults = {};
  const other: string[] = [];
  for (const [path, code] of Object.entries(fields ?? {})) {
    const name = path.replace(/^config\./, '');
    const field = schema.find((candidate) => candidate.name === name);
    if (!field) {
      other.push(code);
      continue;
    }
    const params: Record<string, string | number> = {};
    if (code === 'below_minimum' && field.minimum !== undefined) params.minimum = field.minimum;
    if (code === 'above_maximum' && field.maximum !== undefined) params.maximum = field.maximum;
    if (code === 'too_short' && field.minLength !== undefined) params.min_length = field.minLength;
    if (code === 'too_long' && field.maxLength !== undefined) params.max_length = field.maxLength;
    if (code === 'invalid_type') params.expected = field.type;
    faults[name] = { code, params };
  }
  return { faults, other };
}
