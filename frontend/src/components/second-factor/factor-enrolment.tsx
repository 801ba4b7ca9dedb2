import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { Enrolled, TotpSetup } from '@/api/types';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { beginTotp, passkeyCreationSupported, registerPasskey } from '@/lib/auth/second-factor';

import { enrolmentMessages as e } from './enrolment-messages';
import { secondFactorMessages as m } from './messages';
import { passkeyCreationError } from './passkey-errors';
import { RecoveryCodesList } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

type Pending = 'totp' | 'passkey' | null;

/**
 * Enrol a second factor, the person's choice: an authenticator app (TotpEnrolment: QR code, a code) or
 * a passkey of this device (the browser's WebAuthn ceremony). Then the recovery codes, shown once, and
 * a button to go on: `onFinished` gets the enrolment's answer (at login, the signed-in session).
 * Loaded lazily where it is shown: the login's forced enrolment and the step-up dialog.
 */
export function FactorEnrolment({ onFinished }: { onFinished: (enrolled: Enrolled) => void }) {
  const intl = useIntl();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [passkey, setPasskey] = useState<Enrolled | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const canPasskey = passkeyCreationSupported();

  if (setup) return <TotpEnrolment started={setup} onFinished={onFinished} onCancel={() => setSetup(null)} />;
  if (passkey) {
    return (
      <Stack gap="4">
        {passkey.recovery_codes.length > 0 && <RecoveryCodesList codes={passkey.recovery_codes} />}
        <Button colorPalette="blue" onClick={() => onFinished(passkey)}>
          {intl.formatMessage(passkey.recovery_codes.length > 0 ? m.continue : m.done)}
        </Button>
      </Stack>
    );
  }

  const startTotp = () => {
    setPending('totp');
    setError(null);
    beginTotp()
      .then(setSetup)
      .catch((failure: unknown) =>
        setError(isApiError(failure) && failure.message ? failure.message : intl.formatMessage(commonMessages.tryAgainLater)),
      )
      .finally(() => setPending(null));
  };
  const createPasskey = () => {
    setPending('passkey');
    setError(null);
    registerPasskey(intl.formatMessage(e.passkeyDefaultName))
      .then(setPasskey)
      .catch((failure: unknown) => setError(passkeyCreationError(failure, intl)))
      .finally(() => setPending(null));
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(e.enrolChoose)}
      </Text>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <Button colorPalette="blue" loading={pending === 'totp'} disabled={pending !== null} onClick={startTotp}>
        {intl.formatMessage(m.enrolStart)}
      </Button>
      <Stack gap="1">
        <Button
          variant="outline"
          loading={pending === 'passkey'}
          disabled={pending !== null || !canPasskey}
          onClick={createPasskey}
        >
          {intl.formatMessage(e.enrolPasskey)}
        </Button>
        {canPasskey ? (
          <Text color="fg.muted" fontSize="xs">
            {intl.formatMessage(e.enrolPasskeyHint)}
          </Text>
        ) : (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>{intl.formatMessage(e.passkeyUnsupported)}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Stack>
  );
}
