import { Alert, Button, Image, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { Enrolled, TotpSetup } from '@/api/types';
import { CopyField } from '@/components/kit/copy-field';
import { TextField } from '@/components/kit/form-fields';
import { isApiError } from '@/lib/api-client';
import { beginTotp, confirmTotp } from '@/lib/auth/second-factor';

import { secondFactorMessages as m } from './messages';
import { RecoveryCodesList } from './recovery-codes';

function message(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * Enrol an authenticator app: start (a secret and its QR code, shown once), confirm with a code, then
 * the recovery codes with a button to go on (`onFinished` gets the enrolment's answer). `started`: the
 * answer of a start already made (the choice of FactorEnrolment), so the QR code shows at once.
 */
export function TotpEnrolment({ onFinished, started = null }: { onFinished: (enrolled: Enrolled) => void; started?: TotpSetup | null }) {
  const intl = useIntl();
  const [setup, setSetup] = useState<TotpSetup | null>(started);
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
  if (!setup) {
    return (
      <Stack gap="3">
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Button colorPalette="blue" alignSelf="start" loading={pending} onClick={() => run(beginTotp, setSetup)}>
          {intl.formatMessage(m.enrolStart)}
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
        <CopyField label={intl.formatMessage(m.secretKey)} value={setup.secret} />
        <TextField
          label={intl.formatMessage(m.code)}
          value={code}
          onChange={setCode}
          error={error}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={pending}>
          {intl.formatMessage(m.confirm)}
        </Button>
      </Stack>
    </form>
  );
}
