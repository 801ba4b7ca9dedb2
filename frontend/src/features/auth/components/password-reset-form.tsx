import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { paths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';

import { authMessages, resetMessages } from '../messages';
import { loginErrorMessage } from './login-form';

/** POST /api/auth/password-reset: 202 whatever the e-mail (no hint whether it is known). */
export function AskResetForm() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const ask = useMutation({ mutationFn: (body: { email: string }) => api.post<{ ok: boolean }>('/auth/password-reset', body) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!email.trim());
    if (email.trim()) ask.mutate({ email: email.trim() });
  };

  if (ask.isSuccess) {
    return (
      <Stack gap="5">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{intl.formatMessage(resetMessages.sent)}</Alert.Title>
        </Alert.Root>
        <BackToLogin />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Text color="fg.muted">{intl.formatMessage(resetMessages.askIntro)}</Text>
        {ask.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{loginErrorMessage(ask.error, intl)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={missing} required>
          <Field.Label>
            {intl.formatMessage(authMessages.email)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
          <Field.ErrorText>{intl.formatMessage(authMessages.emailRequired)}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={ask.isPending} loadingText={intl.formatMessage(resetMessages.sending)}>
          {intl.formatMessage(resetMessages.send)}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}

/** POST /api/auth/password-reset/confirm with the e-mailed link's uid and token. */
export function SetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = useMutation({
    mutationFn: (body: { uid: string; token: string; password: string }) =>
      api.post<{ ok: boolean }>('/auth/password-reset/confirm', body),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!password);
    if (password) confirm.mutate({ uid, token, password });
  };

  if (confirm.isSuccess) {
    return (
      <Stack gap="5">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{intl.formatMessage(resetMessages.done)}</Alert.Title>
        </Alert.Root>
        <BackToLogin />
      </Stack>
    );
  }
  const error = confirm.error;
  const badLink = isApiError(error) && error.code === 'invalid_token';
  const passwordError = isApiError(error) && error.fields?.password ? error.message : undefined;
  if (badLink) {
    return (
      <Stack gap="5">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{intl.formatMessage(resetMessages.invalidLink)}</Alert.Title>
        </Alert.Root>
        <Link asChild colorPalette="blue">
          <RouterLink to={paths.passwordReset.getHref()} reloadDocument>
            {intl.formatMessage(resetMessages.askAgain)}
          </RouterLink>
        </Link>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Text color="fg.muted">{intl.formatMessage(resetMessages.setIntro)}</Text>
        {confirm.isError && !passwordError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{loginErrorMessage(error, intl)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={missing || Boolean(passwordError)} required>
          <Field.Label>
            {intl.formatMessage(resetMessages.newPassword)}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{passwordError ?? intl.formatMessage(authMessages.passwordRequired)}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={confirm.isPending} loadingText={intl.formatMessage(resetMessages.saving)}>
          {intl.formatMessage(resetMessages.save)}
        </Button>
      </Stack>
    </form>
  );
}

function BackToLogin() {
  const intl = useIntl();
  return (
    <Link asChild colorPalette="blue" alignSelf="center">
      <RouterLink to={paths.login.getHref()}>{intl.formatMessage(resetMessages.backToLogin)}</RouterLink>
    </Link>
  );
}
