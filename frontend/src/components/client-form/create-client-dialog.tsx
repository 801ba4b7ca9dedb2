import { Button, Checkbox, Fieldset, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { SecretOnce } from '@/components/kit';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { API_FIELDS, type ClientBody, type ClientField, type ClientFormErrors, type ClientFormValues, CURRENCY_CHOICES, slugFrom, validateClientForm } from './client-form';
import { clientFormMessages as m } from './messages';

/** What the API answers for a new client, in the form's words. */
export type ClientCreatedView = { name: string; host: string; ownerEmail: string; initialPassword: string | null | undefined };

const SERVER_CODES: Record<string, MessageDescriptor> = {
  slug_taken: m.slugTaken,
  invalid_slug: m.slugInvalid,
  invalid: m.emailInvalid,
  required: m.required,
  unknown_currency: m.currencyRequired,
};

type Props = {
  /** The real call (the admin's or the partner's endpoint). */
  send: (body: ClientBody) => Promise<ClientCreatedView>;
  pending: boolean;
  /** The host a subdomain signs in at ("acme.cofre.test"). */
  hostOf: (slug: string) => string;
  /** Said under the owner's e-mail (default: the owner is the first user). */
  emailHint?: string;
  onClose: () => void;
};

/** Name, subdomain, owner's e-mail, currencies; once created, the owner's one-time password (shown this once). */
export function CreateClientDialog({ send, pending, hostOf, emailHint, onClose }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<ClientFormValues>({ name: '', slug: '', ownerEmail: '', currencies: ['BRL'] });
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<ClientFormErrors>({});
  const [serverFields, setServerFields] = useState<Partial<Record<ClientField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<ClientCreatedView | null>(null);
  const close = () => {
    setCreated(null); // the password lives in this dialog only
    onClose();
  };
  const validate = () => {
    const checked = validateClientForm(values);
    setErrors(checked.errors);
    setServerFields({});
    setServerError(null);
    return Boolean(checked.body);
  };
  const submit = () => {
    const checked = validateClientForm(values);
    if (!checked.body) return;
    send(checked.body).then(setCreated, (error: unknown) => {
      const translate = (code: string) => (SERVER_CODES[code] ? intl.formatMessage(SERVER_CODES[code]) : undefined);
      const fallback = isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
      const mapped = serverErrors(error, API_FIELDS, { translate, fallback });
      setServerFields(mapped.fields);
      setServerError(mapped.general);
    });
  };
  const set = (patch: Partial<ClientFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
    setServerFields({});
  };
  const fieldError = (field: ClientField) => (errors[field] ? intl.formatMessage(errors[field]) : (serverFields[field] ?? null));
  const toggleCurrency = (code: string, on: boolean) => set({ currencies: on ? [...values.currencies.filter((c) => c !== code), code] : values.currencies.filter((c) => c !== code) });
  return (
    <FormDialog
      title={intl.formatMessage(m.formTitle)}
      submitText={intl.formatMessage(m.submit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.createFailed)}
      error={serverError}
      pending={pending}
      invalid={Object.keys(serverFields).length > 0}
      validate={validate}
      onSubmit={submit}
      onClose={close}
      result={
        created && {
          title: intl.formatMessage(m.createdTitle),
          locked: true,
          body: (
            <Stack gap="4">
              <Text>{intl.formatMessage(m.createdText, { name: created.name, host: created.host, email: created.ownerEmail })}</Text>
              {created.initialPassword ? (
                <SecretOnce warning={intl.formatMessage(m.passwordWarning)} label={intl.formatMessage(m.passwordLabel)} value={created.initialPassword} />
              ) : (
                <Text color="fg.muted">{intl.formatMessage(m.existingOwner, { email: created.ownerEmail })}</Text>
              )}
            </Stack>
          ),
          footer: (
            <Button colorPalette="blue" onClick={close}>
              {intl.formatMessage(m.done)}
            </Button>
          ),
        }
      }
    >
      <TextField
        label={intl.formatMessage(m.nameLabel)}
        required
        maxLength={200}
        autoComplete="off"
        value={values.name}
        onChange={(name) => set(slugEdited ? { name } : { name, slug: slugFrom(name) })}
        error={fieldError('name')}
      />
      <TextField
        label={intl.formatMessage(m.slugLabel)}
        required
        maxLength={30}
        autoComplete="off"
        value={values.slug}
        onChange={(slug) => {
          setSlugEdited(true);
          set({ slug: slug.toLowerCase() });
        }}
        error={fieldError('slug')}
        helper={intl.formatMessage(m.slugHint, { host: hostOf(values.slug || '…') })}
      />
      <TextField
        label={intl.formatMessage(m.emailLabel)}
        required
        type="email"
        maxLength={254}
        autoComplete="off"
        value={values.ownerEmail}
        onChange={(ownerEmail) => set({ ownerEmail })}
        error={fieldError('ownerEmail')}
        helper={emailHint ?? intl.formatMessage(m.emailHint)}
      />
      <Fieldset.Root invalid={Boolean(fieldError('currencies'))}>
        <Fieldset.Legend>{intl.formatMessage(m.currenciesLabel)}</Fieldset.Legend>
        <Flex gap="4">
          {CURRENCY_CHOICES.map((code) => (
            <Checkbox.Root key={code} size="sm" checked={values.currencies.includes(code)} onCheckedChange={(details) => toggleCurrency(code, details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{code}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
        {fieldError('currencies') && <Fieldset.ErrorText>{fieldError('currencies')}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </FormDialog>
  );
}
