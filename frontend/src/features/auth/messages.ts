import { defineMessages } from 'react-intl';

export const authMessages = defineMessages({
  title: { id: 'auth.login.title', defaultMessage: 'Sign in to Cofre' },
  subtitle: { id: 'auth.login.subtitle', defaultMessage: 'Payments back-office' },
  email: { id: 'auth.login.email', defaultMessage: 'E-mail' },
  password: { id: 'auth.login.password', defaultMessage: 'Password' },
  submit: { id: 'auth.login.submit', defaultMessage: 'Sign in' },
  submitting: { id: 'auth.login.submitting', defaultMessage: 'Signing in…' },
  emailRequired: { id: 'auth.login.emailRequired', defaultMessage: 'Enter your e-mail' },
  passwordRequired: { id: 'auth.login.passwordRequired', defaultMessage: 'Enter your password' },
  invalidCredentials: { id: 'auth.login.invalidCredentials', defaultMessage: 'Invalid e-mail or password' },
  tooManyAttempts: {
    id: 'auth.login.tooManyAttempts',
    defaultMessage: 'Too many attempts. Wait a few minutes before trying again.',
  },
  tenantSuspended: {
    id: 'auth.login.tenantSuspended',
    defaultMessage: 'This account is suspended. Contact support.',
  },
});
