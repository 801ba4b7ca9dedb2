import { Box, Button, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { CopyField } from '@/components/kit';
import type { Deposit } from '@/api/types';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';

import { useCreateDeposit } from '../api/create-deposit';
import { depositDocumentUrl } from '../api/get-deposit-document';
import {
  type ChargeMethod,
  type DepositFormValues,
  type FieldError,
  type FieldErrors,
  type FieldKey,
  initialValues,
  isDirty,
  serverFieldErrors,
  validateDepositForm,
} from '../lib/deposit-form';
import { dateTime, day, formatTypedLine, todayIso } from '../lib/display';
import { depositsMessages as m } from '../messages';
import { DepositFormFields } from './deposit-form-fields';
import { useFieldError } from './field-error';
import { appToaster as depositsToaster } from '@/components/app-toaster';

type Props = { method: ChargeMethod; onClose: () => void };

/**
 * "Generate single billet" / "Generate single PIX": the form in a dialog, then what the payer needs
 * (typed line or BR Code, with copy buttons; the PIX QR code). Closing a form with typed data asks first.
 */
export function GenerateDepositDialog({ method, onClose }: Props) {
  const intl = useIntl();
  const errorText = useFieldError();
  const [today] = useState(todayIso);
  const [initial, setInitial] = useState(() => initialValues(method, today));
  const [values, setValues] = useState<DepositFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [otherErrors, setOtherErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<Deposit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateDeposit({ onSuccess: setCreated });

  const requestClose = () => {
    if (!created && isDirty(values, initial)) setConfirming(true);
    else onClose();
  };

  const change = (key: FieldKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const validate = () => {
    const checked = validateDepositForm(method, values, intl.locale, today);
    setErrors(checked.errors);
    setOtherErrors([]);
    return Boolean(checked.body);
  };

  const submit = () => {
    const checked = validateDepositForm(method, values, intl.locale, today);
    if (!checked.body) return;
    create.mutate(checked.body, {
      onError: (error) => {
        // Field errors come as codes on the fields (`currency_not_accepted` on the currency, ...).
        const invalid = isApiError(error) && error.status < 500 && error.fields;
        if (invalid) {
          const split = serverFieldErrors(error.fields);
          setErrors(split.errors);
          setOtherErrors(split.other);
        }
        const described = isApiError(error) && error.status >= 400 && error.status < 500 && !invalid && error.message;
        depositsToaster.create({
          type: 'error',
          title: intl.formatMessage(method === 'billet' ? commonMessages.problemsGenerateBillet : m.problemsGeneratePix),
          description: invalid ? intl.formatMessage(m.fixErrors) : described || intl.formatMessage(commonMessages.tryAgainLater),
        });
      },
    });
  };

  const again = () => {
    const fresh = initialValues(method, today);
    setInitial(fresh);
    setValues(fresh);
    setErrors({});
    setOtherErrors([]);
    setCreated(null);
    create.reset();
  };

  const title = created
    ? intl.formatMessage(method === 'billet' ? m.billetGenerated : m.pixCreated)
    : intl.formatMessage(method === 'billet' ? m.billetTitle : m.pixTitle);

  return (
    <>
      <FormDialog
        title={title}
        size="xl"
        submitText={intl.formatMessage(method === 'billet' ? m.submitBillet : m.submitPix)}
        cancelText={intl.formatMessage(m.cancel)}
        error={otherErrors.length > 0 ? otherErrors.map((error) => errorText(error)).join(' ') : null}
        pending={create.isPending}
        validate={validate}
        onSubmit={submit}
        onClose={requestClose}
        result={
          created && {
            body: <ChargeResult deposit={created} />,
            footer: (
              <>
                <Button variant="outline" onClick={again}>
                  {intl.formatMessage(m.generateAnother)}
                </Button>
                <Button colorPalette="blue" onClick={onClose}>
                  {intl.formatMessage(m.close)}
                </Button>
              </>
            ),
          }
        }
      >
        <DepositFormFields method={method} values={values} errors={errors} today={today} onChange={change} />
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(m.discardTitle)}
        description={intl.formatMessage(m.discardText)}
        cancelText={intl.formatMessage(m.keepEditing)}
        confirmText={intl.formatMessage(m.discard)}
        onConfirm={onClose}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** What the payer needs: the typed line (billet) or the BR Code and its QR code (PIX). */
function ChargeResult({ deposit }: { deposit: Deposit }) {
  const intl = useIntl();
  const isPix = deposit.method === 'pix';
  return (
    <Stack gap="5">
      <Flex gap="6" wrap="wrap">
        <Info label={intl.formatMessage(m.amount)} value={money(deposit.amount, deposit.currency, intl.locale)} />
        {deposit.due_date && <Info label={intl.formatMessage(m.dueDate)} value={day(deposit.due_date, intl.locale)} />}
        {deposit.expires_at && <Info label={intl.formatMessage(m.expiresAt)} value={dateTime(deposit.expires_at, intl.locale)} />}
        <Info label={intl.formatMessage(m.id)} value={deposit.id} mono />
      </Flex>
      {deposit.typed_line && <CopyField label={intl.formatMessage(m.typedLine)} copyLabel={intl.formatMessage(m.copyTypedLine)} value={deposit.typed_line} display={formatTypedLine(deposit.typed_line)} />}
      {isPix && deposit.brcode && (
        <>
          <Box alignSelf="center" bg="white" p="2" rounded="md" borderWidth="1px">
            <Image src={depositDocumentUrl(deposit.id)} alt={intl.formatMessage(m.qrCode)} width="220px" height="220px" />
          </Box>
          <CopyField label={intl.formatMessage(m.brCode)} copyLabel={intl.formatMessage(m.copyBrCode)} value={deposit.brcode} />
        </>
      )}
      {deposit.method === 'billet' && (
        <Link href={depositDocumentUrl(deposit.id)} target="_blank" rel="noopener noreferrer" colorPalette="blue" color="colorPalette.fg">
          {intl.formatMessage(m.openBillet)}
        </Link>
      )}
    </Stack>
  );
}

function Info({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" fontFamily={mono ? 'mono' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}
