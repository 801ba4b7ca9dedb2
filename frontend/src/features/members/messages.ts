import { type MessageDescriptor, defineMessages } from 'react-intl';

export const roleMessages = defineMessages({
  client: { id: 'members.role.client', defaultMessage: 'Owner' },
  client_user_admin: { id: 'members.role.client_user_admin', defaultMessage: 'Administrator' },
  client_user_financial: { id: 'members.role.client_user_financial', defaultMessage: 'Financial' },
  client_user_analyst: { id: 'members.role.client_user_analyst', defaultMessage: 'Analyst' },
  client_user: { id: 'members.role.client_user', defaultMessage: 'User' },
});

export const roleHelpMessages = defineMessages({
  client: { id: 'members.roleHelp.client', defaultMessage: 'Everything, including the company settings, credentials and provider banks; only an owner makes another owner.' },
  client_user_admin: { id: 'members.roleHelp.client_user_admin', defaultMessage: 'Manages users, settings, logs, CRM, credentials and reports; manual payouts and refunds.' },
  client_user_financial: { id: 'members.roleHelp.client_user_financial', defaultMessage: 'Deposits and payouts, including manual payouts and refunds.' },
  client_user_analyst: { id: 'members.roleHelp.client_user_analyst', defaultMessage: 'Reads deposits, payouts and reports; changes nothing.' },
  client_user: { id: 'members.roleHelp.client_user', defaultMessage: 'Deposits and payouts of the daily operation.' },
});

const messages = defineMessages({
  table: { id: 'members.table', defaultMessage: 'Users' },
  colUser: { id: 'members.col.user', defaultMessage: 'User' },
  colRole: { id: 'members.col.role', defaultMessage: 'Role' },
  colStatus: { id: 'members.col.status', defaultMessage: 'Status' },
  colLastLogin: { id: 'members.col.lastLogin', defaultMessage: 'Last login' },
  colCreated: { id: 'members.col.created', defaultMessage: 'Added' },
  colActions: { id: 'members.col.actions', defaultMessage: 'Actions' },
  active: { id: 'members.active', defaultMessage: 'Active' },
  inactive: { id: 'members.inactive', defaultMessage: 'Deactivated' },
  never: { id: 'members.never', defaultMessage: 'Never' },
  you: { id: 'members.you', defaultMessage: '(you)' },
  loadError: { id: 'members.loadError', defaultMessage: 'Could not load the users.' },
  empty: { id: 'members.empty', defaultMessage: 'No users yet.' },
  invite: { id: 'members.invite', defaultMessage: 'Invite user' },
  inviteTitle: { id: 'members.inviteTitle', defaultMessage: 'Invite a user' },
  inviteSubmit: { id: 'members.inviteSubmit', defaultMessage: 'Invite' },
  inviteFailed: { id: 'members.inviteFailed', defaultMessage: 'The user was not invited' },
  cancel: { id: 'members.cancel', defaultMessage: 'Cancel' },
  emailLabel: { id: 'members.emailLabel', defaultMessage: 'E-mail' },
  nameLabel: { id: 'members.nameLabel', defaultMessage: 'Name (optional)' },
  roleLabel: { id: 'members.roleLabel', defaultMessage: 'Role' },
  emailInvalid: { id: 'members.emailInvalid', defaultMessage: 'Enter a valid e-mail.' },
  invitedTitle: { id: 'members.invitedTitle', defaultMessage: 'User invited' },
  invitedExisting: { id: 'members.invitedExisting', defaultMessage: '{email} already had a login: they sign in with their current password.' },
  passwordLabel: { id: 'members.passwordLabel', defaultMessage: 'One-time password for {email}' },
  passwordWarning: { id: 'members.passwordWarning', defaultMessage: 'Give this password to the user now: it is shown only once.' },
  done: { id: 'members.done', defaultMessage: 'Done' },
  changeRole: { id: 'members.changeRole', defaultMessage: 'Change role' },
  changeRoleLabel: { id: 'members.changeRoleLabel', defaultMessage: 'Change the role of {email}' },
  changeRoleTitle: { id: 'members.changeRoleTitle', defaultMessage: 'Change the role of {email}?' },
  changeRoleText: { id: 'members.changeRoleText', defaultMessage: 'What they can see and do changes at their next request.' },
  save: { id: 'members.save', defaultMessage: 'Change role' },
  deactivate: { id: 'members.deactivate', defaultMessage: 'Deactivate' },
  deactivateLabel: { id: 'members.deactivateLabel', defaultMessage: 'Deactivate {email}' },
  deactivateTitle: { id: 'members.deactivateTitle', defaultMessage: 'Deactivate {email}?' },
  deactivateText: { id: 'members.deactivateText', defaultMessage: 'They can no longer sign in to this company, and their API keys stop working. Their history is kept; you can reactivate them later.' },
  reactivate: { id: 'members.reactivate', defaultMessage: 'Reactivate' },
  reactivateLabel: { id: 'members.reactivateLabel', defaultMessage: 'Reactivate {email}' },
  reactivateTitle: { id: 'members.reactivateTitle', defaultMessage: 'Reactivate {email}?' },
  reactivateText: { id: 'members.reactivateText', defaultMessage: 'They can sign in to this company again, with the role they had.' },
  changed: { id: 'members.changed', defaultMessage: 'User updated' },
});

export const membersMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
