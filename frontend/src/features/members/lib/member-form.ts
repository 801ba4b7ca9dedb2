import type { MessageDescriptor } from 'react-intl';

import type { MemberIn } from '@/api/types';

import { membersMessages as m } from '../messages';

/** Whose users a screen manages: a client company's, a partner's, or the platform's staff. */
export type MemberKind = 'client' | 'partner' | 'platform';

/** The roles of each kind of tenant (spec section 6), the owners first (accounts.roles.ROLES_BY_KIND). */
export const ROLES_BY_KIND = {
  client: ['client', 'client_user_admin', 'client_user_financial', 'client_user_analyst', 'client_user'],
  partner: ['partner', 'partner_superadmin', 'partner_admin', 'partner_support', 'partner_analyst', 'partner_providers'],
  platform: ['admin', 'employee', 'financial', 'company', 'hms', 'editor'],
} as const satisfies Record<MemberKind, readonly string[]>;
export type MemberRole = (typeof ROLES_BY_KIND)[MemberKind][number];

/** Only an owner may grant an owner role (the API says 403 otherwise): accounts.members.OWNER_ROLES. */
export const OWNER_ROLES: readonly string[] = ['client', 'partner', 'partner_superadmin', 'admin'];
/** The role a new user gets unless another is chosen: the least powerful that works. */
export const DEFAULT_ROLE: Record<MemberKind, MemberRole> = { client: 'client_user', partner: 'partner_analyst', platform: 'employee' };

/** The users screen of each kind, by menu route. */
export const KIND_OF_ROUTE: Readonly<Record<string, MemberKind>> = {
  'clients/client-user': 'client',
  'partner/users': 'partner',
  'admin/employees': 'platform',
};

export type InviteValues = { email: string; name: string; role: MemberRole };
export type InviteErrors = Partial<Record<keyof InviteValues, MessageDescriptor>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The roles this user may hand out: an owner all of its kind's, anyone else all but the owners'. */
export function grantableRoles(myRole: string, kind: MemberKind = 'client'): MemberRole[] {
  const roles: readonly MemberRole[] = ROLES_BY_KIND[kind];
  return roles.filter((role) => OWNER_ROLES.includes(myRole) || !OWNER_ROLES.includes(role));
}

export function validateInvite(values: InviteValues): { body: MemberIn | null; errors: InviteErrors } {
  const email = values.email.trim();
  if (!EMAIL.test(email)) return { body: null, errors: { email: m.emailInvalid } };
  return { body: { email, name: values.name.trim(), role: values.role }, errors: {} };
}
