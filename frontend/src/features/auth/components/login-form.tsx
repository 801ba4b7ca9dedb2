import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { SessionUser } from '@/api/types';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '@/lib/auth/login';

import { authMessages } from '../messages';

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

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const intl = useIntl();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin({ onSuccess });

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
