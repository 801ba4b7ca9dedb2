import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { LoginStep, SessionUser } from '@/api/types';
import { secondFactorMessages as sf } from '@/components/second-factor/messages';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useLogin, useSignedIn } from '@/lib/auth/login';
import { passkeysSupported, verifyCode, verifyPasskey } from '@/lib/auth/second-factor';

import { authMessages } from '../messages';

// Only a staff user without a second factor enrols at login (an authenticator app or a passkey): the
// page loads that step when it is shown (the login page's JS budget, scripts/size.mjs).
const FactorEnrolment = lazy(() =>
  import('@/components/second-factor/factor-enrolment').then((module) => ({ default: module.FactorEnrolment })),
);

/** Maps a failed login to the message the user sees. */
export function loginErrorMessage(error: unknown, intl: IntlShape): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'invalid_credentials':
        return intl.formatMessage(authMessages.invalidCredentials);
      case 'too_many_attempts':
        return intl.formatMessage(authMessages.tooManyAttempts);
      case 'tenant_suspended':
        return intl.formatMessage(authMessages.tenantSuspended);
      default:
        // 4xx with a server message (already translated); network failures and 5xx: try later.
        if (error.status >= 400 && error.status < 500 && error.message && !error.code.startsWith('http_')) {
          return error.message;
        }
    }
  }
  return intl.formatMessage(commonMessages.tryAgainLater);
}

type FieldErrors = { email?: string; password?: string };

/** The second step of a login: a code (TOTP or recovery) or a passkey. */
function VerifyStep({ step, onSuccess }: { step: LoginStep; onSuccess: (user: SessionUser) => void }) {
  const intl = useIntl();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(onSuccess);

  const run = (call: () => Promise<SessionUser>, fallback: string) => {
    setPending(true);
    setError(null);
    call()
      .then(signedIn)
      .catch((failure: unknown) => {
        setError(isApiError(failure) ? loginErrorMessage(failure, intl) : fallback);
        setCode('');
        setPending(false);
      });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(intl.formatMessage(sf.codeRequired));
      return;
    }
    run(() => verifyCode(code.trim()), intl.formatMessage(commonMessages.tryAgainLater));
  };
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
      <Stack gap="5">
        <Stack gap="1">
          <Text fontWeight="semibold">{intl.formatMessage(sf.verifyTitle)}</Text>
          <Text color="fg.muted" fontSize="sm">
            {intl.formatMessage(sf.verifyIntro)}
          </Text>
        </Stack>
        {error && (
          <Alert.Root status="error" id={errorId} role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>
            {intl.formatMessage(sf.code)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input name="code" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} autoFocus />
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={pending} loadingText={intl.formatMessage(sf.verifying)}>
          {intl.formatMessage(sf.verify)}
        </Button>
        {step.methods.includes('passkey') && passkeysSupported() && (
          <Button variant="outline" disabled={pending} onClick={() => run(verifyPasskey, intl.formatMessage(sf.passkeyFailed))}>
            {intl.formatMessage(sf.usePasskey)}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** A role that requires a second factor and has none: enrol one; the login ends with it. */
function EnrolStep({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const intl = useIntl();
  const signedIn = useSignedIn(onSuccess);
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text fontWeight="semibold">{intl.formatMessage(sf.enrolTitle)}</Text>
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(sf.enrolRequired)}
        </Text>
      </Stack>
      <Suspense fallback={<Text color="fg.muted">{intl.formatMessage(commonMessages.loading)}</Text>}>
        <FactorEnrolment onFinished={(enrolled) => enrolled.session && signedIn(enrolled.session)} />
      </Suspense>
    </Stack>
  );
}

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const [step, setStep] = useState<LoginStep | null>(null);
  if (step?.step === 'verify') return <VerifyStep step={step} onSuccess={onSuccess} />;
  if (step?.step === 'enrol') return <EnrolStep onSuccess={onSuccess} />;
  return <PasswordStep onSuccess={onSuccess} onStep={setStep} />;
}

function PasswordStep({ onSuccess, onStep }: { onSuccess: (user: SessionUser) => void; onStep: (step: LoginStep) => void }) {
  const intl = useIntl();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin({ onSuccess, onStep });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = intl.formatMessage(authMessages.emailRequired);
    if (!password) errors.password = intl.formatMessage(authMessages.passwordRequired);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    loginMutation.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={loginMutation.isError ? errorId : undefined}>
      <Stack gap="5">
        {loginMutation.isError && (
          <Alert.Root status="error" id={errorId} role="alert">
            <Alert.Indicator />
            <Alert.Title>{loginErrorMessage(loginMutation.error, intl)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(fieldErrors.email)} required>
          <Field.Label>
            {intl.formatMessage(authMessages.email)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field.ErrorText>{fieldErrors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(fieldErrors.password)} required>
          <Field.Label>
            {intl.formatMessage(authMessages.password)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          loading={loginMutation.isPending}
          loadingText={intl.formatMessage(authMessages.submitting)}
        >
          {intl.formatMessage(authMessages.submit)}
        </Button>
      </Stack>
    </form>
  );
}
