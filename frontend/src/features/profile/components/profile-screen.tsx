import { Alert, Box, Button, Card, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { PageHeader } from '@/components/page-header';
import { secondFactorMessages as sf } from '@/components/second-factor/messages';
import { UserAvatar } from '@/components/user-avatar';
import { routeMessages } from '@/config/menu-messages';
import { paths } from '@/config/paths';
import { useLocale } from '@/i18n/i18n-provider';
import { LOCALES, type Locale, isLocale } from '@/i18n/locales';
import { commonMessages, roleMessage } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth/session';

import { useChangePassword } from '../api/change-password';
import { useUpdateProfile } from '../api/update-profile';
import { profileMessages as m } from '../messages';
import { SecuritySection } from './security-section';

const LANGUAGE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

/** The server's message when it sent one for a 4xx; otherwise the generic one. */
function serverError(error: unknown, intl: IntlShape): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return intl.formatMessage(commonMessages.tryAgainLater);
}

function Status({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <Alert.Root status={kind} role={kind === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

function DetailsForm() {
  const intl = useIntl();
  const user = useSessionUser();
  const { setLocale } = useLocale();
  const [name, setName] = useState(user.userName);
  const [language, setLanguage] = useState<Locale>(user.language);
  const [nameError, setNameError] = useState<string>();
  const update = useUpdateProfile({ onSuccess: (saved) => setLocale(saved.language) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(intl.formatMessage(m.nameRequired));
      return;
    }
    setNameError(undefined);
    update.mutate({ name: name.trim(), language });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {update.isError && <Status kind="error">{serverError(update.error, intl)}</Status>}
        {update.isSuccess && <Status kind="success">{intl.formatMessage(m.profileSaved)}</Status>}
        <Field.Root invalid={Boolean(nameError)} required>
          <Field.Label>{intl.formatMessage(m.name)}</Field.Label>
          <Input name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          <Field.ErrorText>{nameError}</Field.ErrorText>
        </Field.Root>
        <Field.Root disabled>
          <Field.Label>{intl.formatMessage(m.email)}</Field.Label>
          <Input name="email" value={user.email} readOnly />
          <Field.HelperText>{intl.formatMessage(m.emailHint)}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{intl.formatMessage(m.language)}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="language"
              value={language}
              onChange={(event) => isLocale(event.target.value) && setLanguage(event.target.value)}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LANGUAGE_NAMES[locale]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={update.isPending}>
          {intl.formatMessage(m.saveProfile)}
        </Button>
      </Stack>
    </form>
  );
}

type PasswordErrors = { current?: string; next?: string; confirm?: string };

function PasswordForm() {
  const intl = useIntl();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const change = useChangePassword({
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirm('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: PasswordErrors = {};
    if (!current) found.current = intl.formatMessage(m.currentRequired);
    if (!next) found.next = intl.formatMessage(m.newRequired);
    else if (next !== confirm) found.confirm = intl.formatMessage(m.mismatch);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({ current_password: current, new_password: next });
  };

  const fieldErrors = isApiError(change.error) ? (change.error.fields ?? {}) : {};
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {change.isError && <Status kind="error">{serverError(change.error, intl)}</Status>}
        {change.isSuccess && <Status kind="success">{intl.formatMessage(m.passwordChanged)}</Status>}
        <Field.Root invalid={Boolean(errors.current ?? fieldErrors.current_password)} required>
          <Field.Label>{intl.formatMessage(m.currentPassword)}</Field.Label>
          <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <Field.ErrorText>{errors.current ?? fieldErrors.current_password}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.next ?? fieldErrors.new_password)} required>
          <Field.Label>{intl.formatMessage(m.newPassword)}</Field.Label>
          <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <Field.ErrorText>{errors.next ?? fieldErrors.new_password}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirm)} required>
          <Field.Label>{intl.formatMessage(m.confirmPassword)}</Field.Label>
          <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Field.ErrorText>{errors.confirm}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={change.isPending}>
          {intl.formatMessage(m.changePassword)}
        </Button>
      </Stack>
    </form>
  );
}

/** user/profile ("Editar Perfil"): name, language, password, security (second factor). */
export default function ProfileScreen({ route }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const title = intl.formatMessage(route === paths.pagesProfile.route ? routeMessages['pages/profile'] : routeMessages['user/profile']);
  return (
    <Box>
      <PageHeader title={title} crumbs={[{ label: intl.formatMessage(m.account) }, { label: title }]} homeHref={paths.screen.getHref(user.home)} />
      <Flex align="center" gap="4" mb="6">
        <UserAvatar name={user.userName} src={user.avatar_url} size="xl" />
        <Stack gap="0">
          <Text fontWeight="semibold" fontSize="lg">
            {user.userName}
          </Text>
          <Text color="fg.muted">
            {intl.formatMessage(roleMessage(user.role))} · {user.company_name}
          </Text>
        </Stack>
      </Flex>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root as="section" aria-labelledby="profile-details">
          <Card.Header>
            <Card.Title as="h2" id="profile-details">
              {intl.formatMessage(m.details)}
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <DetailsForm />
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="profile-password">
          <Card.Header>
            <Card.Title as="h2" id="profile-password">
              {intl.formatMessage(m.passwordTitle)}
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <PasswordForm />
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="profile-security">
          <Card.Header>
            <Card.Title as="h2" id="profile-security">
              {intl.formatMessage(sf.securityTitle)}
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <SecuritySection />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Box>
  );
}
