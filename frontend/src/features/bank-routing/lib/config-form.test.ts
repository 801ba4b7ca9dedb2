import { describe, expect, it } from 'vitest';

import { buildConfig, initialValues, schemaFields, secretsSet, serverConfigFaults } from './config-form';

// The sandbox bank's schema (cofre_sandbox_bank.provider) and the PIX method's, as the API serves them.
const SANDBOX = {
  type: 'object',
  properties: {
    webhook_secret: { type: 'string', title: 'Webhook signing secret', writeOnly: true, minLength: 16, maxLength: 200 },
    confirm_delay_seconds: { type: 'integer', title: 'Seconds before the bank reports an outcome', default: 3, minimum: 0, maximum: 3600 },
    webhook_url: { type: 'string', pattern: '^https?://', maxLength: 500, default: 'http://127.0.0.1:8000/api/webhooks/sandbox_bank' },
    default_scenario: { type: 'string', enum: ['confirm', 'fail'], default: 'confirm' },
    live: { type: 'boolean' },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
  },
  required: ['webhook_secret'],
};
const FIELDS = schemaFields(SANDBOX);
const STORED = { confirm_delay_seconds: 3, default_scenario: 'fail', secrets_set: ['webhook_secret'] };

describe('schemaFields', () => {
  it('reads every keyword of the supported subset, in the schema’s order', () => {
    expect(FIELDS.map((f) => [f.name, f.type])).toEqual([
      ['webhook_secret', 'string'],
      ['confirm_delay_seconds', 'integer'],
      ['webhook_url', 'string'],
      ['default_scenario', 'string'],
      ['live', 'boolean'],
      ['ratio', 'number'],
    ]);
    expect(FIELDS[0]).toMatchObject({ secret: true, required: true, minLength: 16, maxLength: 200, title: 'Webhook signing secret' });
    expect(FIELDS[1]).toMatchObject({ secret: false, required: false, default: 3, minimum: 0, maximum: 3600 });
    expect(FIELDS[3]).toMatchObject({ choices: ['confirm', 'fail'], default: 'confirm' });
  });

  it('skips properties of a type the form cannot edit', () => {
    expect(schemaFields({ properties: { list: { type: 'array' }, name: { type: 'string' } } }).map((f) => f.name)).toEqual(['name']);
    expect(schemaFields({})).toEqual([]);
  });
});

describe('initial values', () => {
  it('starts from the stored values, never from a secret', () => {
    expect(initialValues(FIELDS, STORED)).toEqual({
      webhook_secret: '',
      confirm_delay_seconds: '3',
      webhook_url: '',
      default_scenario: '"fail"',
      live: '',
      ratio: '',
    });
    expect(secretsSet(STORED)).toEqual(['webhook_secret']);
    expect(secretsSet({})).toEqual([]);
  });
});

describe('buildConfig', () => {
  const platform = { platform: true, secretsSet: ['webhook_secret'] };

  it('keeps a stored secret when left empty and sends typed values with their types', () => {
    const values = { ...initialValues(FIELDS, STORED), confirm_delay_seconds: '10', live: 'true', ratio: '0,5' };
    expect(buildConfig(FIELDS, values, platform)).toEqual({
      config: { confirm_delay_seconds: 10, default_scenario: 'fail', live: true, ratio: 0.5 },
      faults: {},
    });
  });

  it('replaces a secret that is typed', () => {
    const values = { ...initialValues(FIELDS, STORED), webhook_secret: 'a-new-secret-of-32-characters!!!' };
    expect(buildConfig(FIELDS, values, platform).config?.webhook_secret).toBe('a-new-secret-of-32-characters!!!');
  });

  it('says what is wrong with each value, with the server’s codes', () => {
    const values = { webhook_secret: 'short', confirm_delay_seconds: '1.5', webhook_url: 'ftp://x', default_scenario: '"confirm"', live: '', ratio: '2' };
    expect(buildConfig(FIELDS, values, platform)).toEqual({
      faults: {
        webhook_secret: { code: 'too_short', params: { min_length: 16 } },
        confirm_delay_seconds: { code: 'invalid_type', params: { expected: 'integer' } },
        webhook_url: { code: 'pattern_mismatch' },
        ratio: { code: 'above_maximum', params: { maximum: 1 } },
      },
    });
    expect(buildConfig(FIELDS, { confirm_delay_seconds: '-1' }, platform).faults.confirm_delay_seconds).toEqual({ code: 'below_minimum', params: { minimum: 0 } });
    expect(buildConfig(FIELDS, { ratio: 'abc' }, platform).faults.ratio).toEqual({ code: 'invalid_type', params: { expected: 'number' } });
    expect(buildConfig(FIELDS, { default_scenario: '"other"' }, platform).faults.default_scenario).toEqual({ code: 'invalid_choice' });
  });

  it('requires on the platform a required secret not stored yet, never on a client’s override', () => {
    expect(buildConfig(FIELDS, {}, { platform: true, secretsSet: [] }).faults).toEqual({ webhook_secret: { code: 'required' } });
    expect(buildConfig(FIELDS, {}, { platform: false, secretsSet: [] })).toEqual({ config: {}, faults: {} });
  });
});

describe('serverConfigFaults', () => {
  it('puts the server’s codes on the fields, with the schema’s limits', () => {
    const { faults, other } = serverConfigFaults({ confirm_delay_seconds: 'above_maximum', pix_key: 'invalid_pix_key', config: 'invalid_type' }, FIELDS);
    expect(faults).toEqual({ confirm_delay_seconds: { code: 'above_maximum', params: { maximum: 3600 } } });
    expect(other).toEqual(['invalid_pix_key', 'invalid_type']);
    expect(serverConfigFaults({ webhook_secret: 'too_short' }, FIELDS).faults.webhook_secret).toEqual({ code: 'too_short', params: { min_length: 16 } });
  });
});
