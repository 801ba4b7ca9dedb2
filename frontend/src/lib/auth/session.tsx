import { type ReactNode, createContext, use } from 'react';

import type { SessionUser } from '@/api/types';
import { canWriteRoute } from '@/lib/permissions';

const SessionContext = createContext<SessionUser | null>(null);

/** Provided by the app shell once GET /api/auth/me has answered. */
export function SessionProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SessionContext value={user}>{children}</SessionContext>;
}

export function useSessionUser(): SessionUser {
  const user = use(SessionContext);
  if (!user) throw new Error('useSessionUser outside the signed-in shell');
  return user;
}

/** Whether the signed-in user may use the write actions of `route` (or of any screen, without one). */
export function useCanWrite(route?: string): boolean {
  return canWriteRoute(useSessionUser(), route);
}
