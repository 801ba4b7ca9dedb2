export type SearchableEntry = { route: string; title: string; group: string };

/** Lower case, no accents: "Depósitos" matches "depositos". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase().trim();
}

/** Menu entries whose translated title (or group title) contains the query; one result per route. */
export function searchMenu(entries: readonly SearchableEntry[], query: string, limit = 8): SearchableEntry[] {
  const needle = foldText(query);
  if (!needle) return [];
  const seen = new Set<string>();
  const titleHits: SearchableEntry[] = [];
  const groupHits: SearchableEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.route)) continue;
    if (foldText(entry.title).includes(needle)) {
      titleHits.push(entry);
      seen.add(entry.route);
    } else if (foldText(entry.group).includes(needle)) {
      groupHits.push(entry);
      seen.add(entry.route);
    }
  }
  return [...titleHits, ...groupHits].slice(0, limit);
}

/** The staff screen where a transaction found by id opens. */
export const TRANSACTIONS_ROUTE = 'employee/transactions';

/**
 * Search by transaction id is offered to whoever may open its result: the staff whose menu has the
 * transactions screen (employees and admins; not the financial role, whose only entry is statements).
 */
export function canSearchTransactions(menu: readonly { route: string }[]): boolean {
  return menu.some((entry) => entry.route === TRANSACTIONS_ROUTE);
}

/** Whether the query can be a transaction id (letters, digits, dashes, underscores). */
export function looksLikeTransactionId(query: string): boolean {
  return /^[\w-]{1,64}$/.test(query.trim());
}
