/**
 * The change-role demo action (spec §4): the chosen role is saved in localStorage under the key
 * `state` and read back at start; when missing or unreadable the role is admin. It only changes
 * what the interface shows (logo link, role label); the menu and every permission still come from
 * the server.
 */
import { safeStorage } from '@/lib/storage';

export const ROLE_STATE_KEY = 'state';
export const FALLBACK_ROLE = 'admin';

export type RoleState = { userRole: string };

/** Roles offered by the change-role action (spec §6). */
export const DEMO_ROLES = [
  'admin',
  'employee',
  'financial',
  'company',
  'hms',
  'client',
  'client_user',
  'client_user_admin',
  'client_user_analyst',
  'client_user_financial',
  'customer',
  'partner',
  'partner_admin',
  'partner_support',
  'partner_analyst',
  'partner_providers',
  'partner_superadmin',
] as const;

/** `stored` tells whether a readable state was found (false -> the admin fallback is used). */
export function readRoleState(storage: Storage | undefined = safeStorage()): RoleState & { stored: boolean } {
  try {
    const raw = storage?.getItem(ROLE_STATE_KEY);
    if (raw != null) {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object') {
        const role = (parsed as Record<string, unknown>).userRole;
        if (typeof role === 'string' && role.length > 0) return { userRole: role, stored: true };
      }
    }
  } catch {
    // unreadable: fall through
  }
  return { userRole: FALLBACK_ROLE, stored: false };
}

/** Replaces the stored state. */
export function writeRoleState(state: RoleState, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(ROLE_STATE_KEY, JSON.stringify(state));
  } catch {
    // not persisted
  }
}

export function clearRoleState(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(ROLE_STATE_KEY);
  } catch {
    // nothing to clear
  }
}
