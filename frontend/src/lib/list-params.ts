/**
 * The sorts and page sizes the staff lists share (employee/transactions, the staff payout lists, the
 * client payouts); their URL state lives in the list kit (components/kit/list-state).
 */
export const LIST_SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

export type ListSort = (typeof LIST_SORTS)[number];
