import { Alert, Box, Button, CloseButton, Dialog, Flex, Image, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import type { Deposit } from '@/api/types';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

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
import { dateTime, day, formatTypedLine, money, todayIso } from '../lib/display';
import { depositsMessages as m } from '../messages';
import { CopyField } from './copy-field';
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
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<Deposit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateDeposit({ onSuccess: setCreated });

  // After a failed attempt, take the user to the first field to fix.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const requestClose = () => {
    if (!created && isDirty(values, initial)) setConfirming(true);
    else onClose();
  };

  const change = (key: FieldKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = validateDepositForm(method, values, intl.locale, today);
    setErrors(checked.errors);
    setOtherErrors([]);
    if (!checked.body) {
      setAttempt((n) => n + 1);
      return;
    }
    create.mutate(checked.body, {
      onError: (error) => {
        const invalid = isApiError(error) && error.code === 'invalid_input' && error.fields;
        if (invalid) {
          const split = serverFieldErrors(error.fields);
          setErrors(split.errors);
          setOtherErrors(split.other);
          setAttempt((n) => n + 1);
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
      <Dialog.Root open onOpenChange={(details) => !details.open && requestClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              {created ? (
                <>
                  <Dialog.Body>
                    <ChargeResult deposit={created} />
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={again}>
                      {intl.formatMessage(m.generateAnother)}
                    </Button>
                    <Button colorPalette="blue" onClick={onClose}>
                      {intl.formatMessage(m.close)}
                    </Button>
                  </Dialog.Footer>
                </>
              ) : (
                <form ref={formRef} onSubmit={submit} noValidate aria-label={title} style={{ display: 'contents' }}>
                  <Dialog.Body>
                    {otherErrors.length > 0 && (
                      <Alert.Root status="error" mb="4" role="alert">
                        <Alert.Indicator />
                        <Alert.Content>
                          {otherErrors.map((error, index) => (
                            <Alert.Description key={index}>{errorText(error)}</Alert.Description>
                          ))}
                        </Alert.Content>
                      </Alert.Root>
                    )}
                    <DepositFormFields method={method} values={values} errors={errors} today={today} onChange={change} />
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button type="button" variant="outline" onClick={requestClose}>
                      {intl.formatMessage(m.cancel)}
                    </Button>
                    <Button type="submit" colorPalette="blue" loading={create.isPending} disabled={create.isPending}>
                      {intl.formatMessage(method === 'billet' ? m.submitBillet : m.submitPix)}
                    </Button>
                  </Dialog.Footer>
                </form>
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <Dialog.Root role="alertdialog" open={confirming} onOpenChange={(details) => !details.open && setConfirming(false)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{intl.formatMessage(m.discardTitle)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description>{intl.formatMessage(m.discardText)}</Dialog.Description>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  {intl.formatMessage(m.keepEditing)}
                </Button>
                <Button colorPalette="red" onClick={onClose}>
                  {intl.formatMessage(m.discard)}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
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
