import type { MessageDescriptor } from 'react-intl';

import type { MemberIn } from '@/api/types';

import { membersMessages as m } from '../messages';

/** The five client roles, the owner first. */
export const CLIENT_ROLES = ['client', 'client_user_admin', 'client_user_financial', 'client_user_analyst', 'client_user'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];
/** Only an owner may grant the owner role (the API says 403 otherwise). */
export const OWNER_ROLES: readonly string[] = ['client'];

export type InviteValues = { email: string; name: string; role: ClientRole };
export type InviteErrors = Partial<Record<keyof InviteValues, MessageDescriptor>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The roles this user may hand out: an owner all five, a client_user_admin all but the owner's. */
export function grantableRoles(myRole: string): ClientRole[] {
  return CLIENT_ROLES.filter((role) => OWNER_ROLES.includes(myRole) || !OWNER_ROLES.includes(role));
}

export function validateInvite(values: InviteValues): { body: MemberIn | null; errors: InviteErrors } {
  const email = values.email.trim();
  if (!EMAIL.test(email)) return { body: null, errors: { email: m.emailInvalid } };
  return { body: { email, name: values.name.trim(), role: values.role }, errors: {} };
}
