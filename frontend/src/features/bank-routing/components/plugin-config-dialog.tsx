import { Badge, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useConfigurePlugin } from '../api/configure-plugin';
import { type ConfigFaults, type ConfigField, type ConfigValues, type Scalar, buildConfig, initialValues, schemaFields, secretsSet, serverConfigFaults } from '../lib/config-form';
import { pluginName } from '../lib/display';
import { bankRoutingMessages as m, faultMessage } from '../messages';

type Props = {
  plugin: Plugin;
  /** The client's slug (a payment method's override); null for the platform's own settings. */
  client: string | null;
  scopeName: string;
  onClose: () => void;
};

function scalarText(intl: IntlShape, value: Scalar): string {
  if (typeof value === 'boolean') return intl.formatMessage(value ? m.yes : m.no);
  return String(value);
}

/**
 * A plugin's settings, as a form generated from its configuration schema: text inputs for strings and
 * numbers, a select for choices and yes/no. Write-only secrets show only whether one is stored
 * ("••• set" / empty); typing replaces it, leaving it empty keeps it. For a client, empty fields
 * follow the platform's values (shown as placeholders).
 */
export function PluginConfigDialog({ plugin, client, scopeName, onClose }: Props) {
  const intl = useIntl();
  const save = useConfigurePlugin();
  const owner = plugin.tenant_configurable ? client : null;
  const fields = useMemo(() => schemaFields(plugin.config_schema), [plugin.config_schema]);
  const own = owner ? plugin.config : plugin.tenant ? (plugin.default_config ?? {}) : plugin.config;
  const inherited = owner ? (plugin.default_config ?? {}) : {};
  const stored = secretsSet(own);
  const inheritedSecrets = secretsSet(inherited);
  const [values, setValues] = useState<ConfigValues>(() => initialValues(fields, own));
  const [faults, setFaults] = useState<ConfigFaults>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const change = (name: string, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setFaults(({ [name]: _, ...rest }) => rest);
  };

  const validate = () => {
    const built = buildConfig(fields, values, { platform: !owner, secretsSet: stored });
    setFaults(built.faults);
    setServerError(null);
    return Boolean(built.config);
  };

  const submit = () => {
    const built = buildConfig(fields, values, { platform: !owner, secretsSet: stored });
    if (!built.config) return;
    save.mutate(
      { kind: plugin.kind, code: plugin.code, body: { tenant: owner, config: built.config } },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.configSaved), description: `${pluginName(intl, plugin)} (${owner ? scopeName : intl.formatMessage(m.scopePlatform)})` });
          onClose();
        },
        onError: (error) => {
          const server = serverConfigFaults(isApiError(error) ? error.fields : null, fields);
          setFaults(server.faults);
          setServerError(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
        },
      },
    );
  };

  /** What an empty field means: the platform's value (for a client), else the default. */
  const fallback = (field: ConfigField): string | undefined => {
    if (field.secret) return owner && inheritedSecrets.includes(field.name) ? intl.formatMessage(m.platformValue, { value: intl.formatMessage(m.secretSet) }) : undefined;
    const platformValue = inherited[field.name];
    if (owner && (typeof platformValue === 'string' || typeof platformValue === 'number' || typeof platformValue === 'boolean') && platformValue !== '') {
      return intl.formatMessage(m.platformValue, { value: scalarText(intl, platformValue) });
    }
    if (field.default !== undefined && field.default !== '') return intl.formatMessage(m.defaultValue, { value: scalarText(intl, field.default) });
    return undefined;
  };

  const faultText = (name: string) => {
    const fault = faults[name];
    if (!fault) return undefined;
    return intl.formatMessage(faultMessage(fault.code, fault.params?.expected), { ...fault.params, code: fault.code });
  };

  const title = owner ? intl.formatMessage(m.configTitleClient, { name: pluginName(intl, plugin), client: scopeName }) : intl.formatMessage(m.configTitle, { name: pluginName(intl, plugin) });
  return (
    <FormDialog
      title={title}
      size="lg"
      description={fields.length === 0 ? intl.formatMessage(m.noSettings) : owner ? intl.formatMessage(m.configIntroClient, { client: scopeName }) : intl.formatMessage(m.configIntroPlatform)}
      submitText={intl.formatMessage(m.saveConfig)}
      submitDisabled={fields.length === 0}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.configFailed)}
      error={serverError}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
    >
      {fields.map((field) => (
        <ConfigInput
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          fallback={fallback(field)}
          secretStored={stored.includes(field.name)}
          required={field.required && !owner && field.default === undefined}
          fault={faultText(field.name)}
          onChange={(value) => change(field.name, value)}
        />
      ))}
    </FormDialog>
  );
}

type InputProps = {
  field: ConfigField;
  value: string;
  fallback: string | undefined;
  secretStored: boolean;
  required: boolean;
  fault: string | undefined;
  onChange: (value: string) => void;
};

function ConfigInput({ field, value, fallback, secretStored, required, fault, onChange }: InputProps) {
  const intl = useIntl();
  const label = field.title ?? field.name;
  const hint = field.secret ? intl.formatMessage(secretStored ? m.secretHintSet : m.secretHintEmpty) : field.description;
  const choices: Scalar[] | undefined = field.choices ?? (field.type === 'boolean' ? [true, false] : undefined);
  return (
    <Field.Root invalid={Boolean(fault)} required={required} data-config-field={field.name}>
      <HStack gap="2" width="full" justify="space-between">
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        {field.secret && (
          <Badge colorPalette={secretStored ? 'green' : 'gray'} variant="subtle" data-secret-state={secretStored ? 'set' : 'empty'}>
            {intl.formatMessage(secretStored ? m.secretSet : m.secretEmpty)}
          </Badge>
        )}
      </HStack>
      {choices ? (
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{fallback ?? intl.formatMessage(m.notSet)}</option>
            {choices.map((choice) => (
              <option key={JSON.stringify(choice)} value={JSON.stringify(choice)}>
                {scalarText(intl, choice)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          type={field.secret ? 'password' : 'text'}
          autoComplete={field.secret ? 'new-password' : 'off'}
          inputMode={field.type === 'integer' ? 'numeric' : field.type === 'number' ? 'decimal' : undefined}
          value={value}
          placeholder={field.secret ? (secretStored ? intl.formatMessage(m.secretPlaceholderSet) : fallback) : fallback}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {fault ? <Field.ErrorText>{fault}</Field.ErrorText> : hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
