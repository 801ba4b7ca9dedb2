import { describe, expect, it } from 'vitest';

import { ROLE_STATE_KEY, clearRoleState, readRoleState, writeRoleState } from './role-state';

describe('change-role state in localStorage', () => {
  it('is stored under the key "state" and read back', () => {
    writeRoleState({ userRole: 'client' });
    expect(JSON.parse(localStorage.getItem(ROLE_STATE_KEY)!)).toEqual({ userRole: 'client' });
    expect(ROLE_STATE_KEY).toBe('state');
    expect(readRoleState()).toEqual({ userRole: 'client', stored: true });
  });

  it('falls back to admin when missing', () => {
    expect(readRoleState()).toEqual({ userRole: 'admin', stored: false });
  });

  it.each(['not json{', 'null', '42', '{"userRole":""}', '{"userRole":7}', '{}'])(
    'falls back to admin when unreadable: %s',
    (raw) => {
      localStorage.setItem('state', raw);
      expect(readRoleState()).toEqual({ userRole: 'admin', stored: false });
    },
  );

  it('falls back to admin when storage itself throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(readRoleState(broken)).toEqual({ userRole: 'admin', stored: false });
  });

  it('clears', () => {
    writeRoleState({ userRole: 'hms' });
    clearRoleState();
    expect(readRoleState().stored).toBe(false);
  });
});
