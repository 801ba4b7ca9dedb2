import type { MenuEntry } from '@/api/types';

import { normalizeRoute } from './permissions';

export type MenuGroup = { key: string; entries: MenuEntry[] };

/** Groups the server's entries, keeping the server's display order of groups and entries. */
export function groupMenu(menu: readonly MenuEntry[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  const byKey = new Map<string, MenuGroup>();
  for (const entry of menu) {
    let group = byKey.get(entry.group);
    if (!group) {
      group = { key: entry.group, entries: [] };
      byKey.set(entry.group, group);
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}

/** The first group holding `route`, if any. */
export function groupOfRoute(groups: readonly MenuGroup[], route: string): string | undefined {
  const wanted = normalizeRoute(route);
  return groups.find((group) => group.entries.some((entry) => normalizeRoute(entry.route) === wanted))?.key;
}
