import { type ReactNode, createContext, use } from 'react';

import type { SessionUser } from '@/api/types';

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
