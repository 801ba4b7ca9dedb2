import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { Enrolled, TotpSetup } from '@/api/types';
import { CopyField } from '@/components/kit/copy-field';
import { kitFormMessages } from '@/components/kit/messages';
import { TextField } from '@/components/kit/form-fields';
import { isApiError } from '@/lib/api-client';
import { confirmTotp } from '@/lib/auth/second-factor';

import { secondFactorMessages as m } from './messages';
import { RecoveryCodesList } from './recovery-codes';

function message(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** The key in groups of four ("JBSW Y3DP …"): easier to type, and it wraps between groups. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

type Props = {
  /** The answer of the start already made (the button that chose the app), so the QR code shows at once. */
  started: TotpSetup;
  onFinished: (enrolled: Enrolled) => void;
  /** When given, a Cancel button: leave without enabling (the started key is never confirmed). */
  onCancel?: () => void;
};

/**
 * Enrol an authenticator app, once started (a secret and its QR code, shown once): confirm with a code,
 * then the recovery codes with a button to go on (`onFinished` gets the enrolment's answer).
 */
export function TotpEnrolment({ started: setup, onFinished, onCancel }: Props) {
  const intl = useIntl();
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = <T,>(call: () => Promise<T>, then: (value: T) => void) => {
    setPending(true);
    setError(null);
    call()
      .then(then)
      .catch((failure: unknown) => setError(message(failure, intl.formatMessage(m.codeRequired))))
      .finally(() => setPending(false));
  };

  if (enrolled) {
    return (
      <Stack gap="4">
        <RecoveryCodesList codes={enrolled.recovery_codes} />
        <Button colorPalette="blue" onClick={() => onFinished(enrolled)}>
          {intl.formatMessage(m.continue)}
        </Button>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(intl.formatMessage(m.codeRequired));
      return;
    }
    run(
      () => confirmTotp(code.trim()),
      (answer) => {
        setEnrolled(answer);
        setCode('');
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.enrolIntro)}
        </Text>
        <Image src={setup.qr_svg} alt={intl.formatMessage(m.qrAlt)} boxSize="200px" bg="white" rounded="md" />
        <CopyField label={intl.formatMessage(m.secretKey)} value={setup.secret} display={groupedSecret(setup.secret)} wrap />
        <TextField
          label={intl.formatMessage(m.code)}
          value={code}
          onChange={setCode}
          error={error}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={pending}>
            {intl.formatMessage(m.confirm)}
          </Button>
          {onCancel && (
            <Button variant="outline" disabled={pending} onClick={onCancel}>
              {intl.formatMessage(kitFormMessages.cancel)}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
