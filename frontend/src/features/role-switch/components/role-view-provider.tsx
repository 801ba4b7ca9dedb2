import { type ReactNode, createContext, use, useCallback, useMemo, useState } from 'react';

import { clearRoleState, readRoleState, writeRoleState } from '../lib/role-state';

type RoleView = {
  /** The role the interface shows. */
  viewRole: string;
  /** True when the user picked a role with the change-role action. */
  changed: boolean;
  /** Where the logo links (route without leading slash). */
  logoRoute: string;
  changeRole: (role: string) => void;
  resetRole: () => void;
};

const RoleViewContext = createContext<RoleView | null>(null);

export function useRoleView(): RoleView {
  const value = use(RoleViewContext);
  if (!value) throw new Error('useRoleView outside RoleViewProvider');
  return value;
}

/**
 * Without a stored change-role state, the interface shows the session user's own role and the
 * logo goes to the server's `home`; with one, the chosen role and its logo route.
 */
export function RoleViewProvider({ sessionRole, home, children }: { sessionRole: string; home: string; children: ReactNode }) {
  const [state, setState] = useState(() => readRoleState());

  const changeRole = useCallback((role: string) => {
    writeRoleState({ userRole: role });
    setState({ userRole: role, stored: true });
  }, []);
  const resetRole = useCallback(() => {
    clearRoleState();
    setState(readRoleState());
  }, []);

  const value = useMemo<RoleView>(
    () => ({
      viewRole: state.stored ? state.userRole : sessionRole,
      changed: state.stored,
      // The user's own home whatever role the interface shows: viewing as another role changes no permission.
      logoRoute: home,
      changeRole,
      resetRole,
    }),
    [state, sessionRole, home, changeRole, resetRole],
  );
  return <RoleViewContext value={value}>{children}</RoleViewContext>;
}
