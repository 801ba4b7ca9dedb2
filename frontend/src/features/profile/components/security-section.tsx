import { Alert, Badge, Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { TotpSetup } from '@/api/types';
import { CodeDialog } from '@/components/second-factor/code-dialog';
import { secondFactorMessages as m } from '@/components/second-factor/messages';
import { passkeyCreationError } from '@/components/second-factor/passkey-errors';
import { RecoveryCodesList } from '@/components/second-factor/recovery-codes';
import { TotpEnrolment } from '@/components/second-factor/totp-enrolment';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import {
  SECURITY_QUERY_KEY,
  beginTotp,
  disableTotp,
  getSecurity,
  passkeysSupported,
  regenerateRecoveryCodes,
  registerPasskey,
  removePasskey,
} from '@/lib/auth/second-factor';

type Dialog = 'disable' | 'regenerate' | null;

/** "Segurança": the authenticator app, recovery codes and passkeys of the session user. */
export function SecuritySection() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const security = useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: getSecurity });
  const [enrolling, setEnrolling] = useState<TotpSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  const failed = (failure: unknown) => setError(passkeyCreationError(failure, intl));
  // One click: the button starts the enrolment itself, the QR code and key show at once.
  const startTotp = () => {
    setStarting(true);
    setError(null);
    beginTotp()
      .then(setEnrolling)
      .catch((failure: unknown) =>
        setError(isApiError(failure) && failure.message ? failure.message : intl.formatMessage(commonMessages.tryAgainLater)),
      )
      .finally(() => setStarting(false));
  };

  const status = security.data;
  if (!status) return null;
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.securityIntro)} {status.required && intl.formatMessage(m.securityRequired)}
      </Text>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {codes && (
        <Stack gap="3">
          <RecoveryCodesList codes={codes} />
          <Button alignSelf="start" variant="outline" onClick={() => setCodes(null)}>
            {intl.formatMessage(m.done)}
          </Button>
        </Stack>
      )}
      <Flex gap="3" align="center" wrap="wrap">
        <Badge colorPalette={status.totp ? 'green' : 'gray'}>{intl.formatMessage(status.totp ? m.totpOn : m.totpOff)}</Badge>
        {status.recovery_codes_left > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {intl.formatMessage(m.recoveryLeft, { count: status.recovery_codes_left })}
          </Text>
        )}
      </Flex>
      {!status.totp &&
        (enrolling ? (
          <TotpEnrolment
            started={enrolling}
            onFinished={() => {
              setEnrolling(null);
              void refresh();
            }}
            onCancel={() => setEnrolling(null)}
          />
        ) : (
          <Button alignSelf="start" colorPalette="blue" loading={starting} onClick={startTotp}>
            {intl.formatMessage(m.enrolStart)}
          </Button>
        ))}
      {(status.totp || status.passkeys.length > 0) && (
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => setDialog('regenerate')}>
            {intl.formatMessage(m.regenerate)}
          </Button>
          {status.totp && (
            <Button variant="outline" colorPalette="red" onClick={() => setDialog('disable')}>
              {intl.formatMessage(m.disable)}
            </Button>
          )}
        </HStack>
      )}
      <Stack gap="2">
        <Text fontWeight="semibold">{intl.formatMessage(m.passkeys)}</Text>
        {status.passkeys.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {intl.formatMessage(m.noPasskeys)}
          </Text>
        )}
        {status.passkeys.map((passkey) => (
          <Flex key={passkey.id} justify="space-between" align="center" gap="3">
            <Stack gap="0">
              <Text>{passkey.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {intl.formatMessage(m.passkeyAdded, { date: intl.formatDate(passkey.created_at) })}
              </Text>
            </Stack>
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => {
                setError(null);
                removePasskey(passkey.id).then(refresh, failed);
              }}
            >
              {intl.formatMessage(m.removePasskey, { name: passkey.name })}
            </Button>
          </Flex>
        ))}
        {passkeysSupported() && (
          <HStack gap="2">
            <Input
              aria-label={intl.formatMessage(m.passkeyName)}
              placeholder={intl.formatMessage(m.passkeyName)}
              value={passkeyName}
              maxLength={100}
              onChange={(event) => setPasskeyName(event.target.value)}
            />
            <Button
              variant="outline"
              onClick={() => {
                setError(null);
                registerPasskey(passkeyName.trim()).then((enrolled) => {
                  setPasskeyName('');
                  if (enrolled.recovery_codes.length) setCodes(enrolled.recovery_codes);
                  void refresh();
                }, failed);
              }}
            >
              {intl.formatMessage(m.addPasskey)}
            </Button>
          </HStack>
        )}
      </Stack>
      {dialog === 'disable' && (
        <CodeDialog
          title={intl.formatMessage(m.disableTitle)}
          description={intl.formatMessage(m.stepUpIntro)}
          submitText={intl.formatMessage(m.disable)}
          submitPalette="red"
          onCode={disableTotp}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'regenerate' && (
        <CodeDialog
          title={intl.formatMessage(m.regenerate)}
          description={intl.formatMessage(m.regenerateIntro)}
          submitText={intl.formatMessage(m.regenerate)}
          onCode={(code) => regenerateRecoveryCodes(code).then((answer) => setCodes(answer.recovery_codes))}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
