import { defineMessages } from 'react-intl';

export const profileMessages = defineMessages({
  account: { id: 'profile.account', defaultMessage: 'Account' },
  details: { id: 'profile.details', defaultMessage: 'Personal details' },
  name: { id: 'profile.name', defaultMessage: 'Name' },
  email: { id: 'profile.email', defaultMessage: 'E-mail' },
  emailHint: { id: 'profile.emailHint', defaultMessage: 'The e-mail is your login and cannot be changed here.' },
  language: { id: 'profile.language', defaultMessage: 'Language' },
  nameRequired: { id: 'profile.nameRequired', defaultMessage: 'Enter your name' },
  saveProfile: { id: 'profile.save', defaultMessage: 'Save changes' },
  profileSaved: { id: 'profile.saved', defaultMessage: 'Profile saved' },
  passwordTitle: { id: 'profile.password.title', defaultMessage: 'Change password' },
  currentPassword: { id: 'profile.password.current', defaultMessage: 'Current password' },
  newPassword: { id: 'profile.password.new', defaultMessage: 'New password' },
  confirmPassword: { id: 'profile.password.confirm', defaultMessage: 'Confirm the new password' },
  currentRequired: { id: 'profile.password.currentRequired', defaultMessage: 'Enter your current password' },
  newRequired: { id: 'profile.password.newRequired', defaultMessage: 'Enter a new password' },
  mismatch: { id: 'profile.password.mismatch', defaultMessage: 'The passwords do not match' },
  changePassword: { id: 'profile.password.submit', defaultMessage: 'Change password' },
  passwordChanged: { id: 'profile.password.changed', defaultMessage: 'Password changed' },
});
