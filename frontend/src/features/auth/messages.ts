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
  forgotPassword: { id: 'auth.login.forgotPassword', defaultMessage: 'Forgot my password' },
});

export const resetMessages = defineMessages({
  title: { id: 'auth.reset.title', defaultMessage: 'Reset your password' },
  askIntro: {
    id: 'auth.reset.askIntro',
    defaultMessage: 'Enter the e-mail you sign in with. We will send you a link to choose a new password.',
  },
  send: { id: 'auth.reset.send', defaultMessage: 'Send the link' },
  sending: { id: 'auth.reset.sending', defaultMessage: 'Sending…' },
  sent: {
    id: 'auth.reset.sent',
    defaultMessage: 'If this e-mail belongs to a user here, a link to reset the password is on its way. It works once.',
  },
  newPassword: { id: 'auth.reset.newPassword', defaultMessage: 'New password' },
  setIntro: { id: 'auth.reset.setIntro', defaultMessage: 'Choose a new password for your account.' },
  save: { id: 'auth.reset.save', defaultMessage: 'Save the new password' },
  saving: { id: 'auth.reset.saving', defaultMessage: 'Saving…' },
  done: { id: 'auth.reset.done', defaultMessage: 'Your password was changed. Sign in with it.' },
  invalidLink: {
    id: 'auth.reset.invalidLink',
    defaultMessage: 'This link is invalid or was already used. Ask for a new one.',
  },
  askAgain: { id: 'auth.reset.askAgain', defaultMessage: 'Ask for a new link' },
  backToLogin: { id: 'auth.reset.backToLogin', defaultMessage: 'Back to sign in' },
});
