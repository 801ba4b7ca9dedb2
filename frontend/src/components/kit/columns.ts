import type { ReactNode } from 'react';

/**
 * A column of a list's grid. `priority` says what leaves first when the grid is narrow: 1 = key
 * (amount, fee, status, row actions: never hidden), 2 = shown from a medium width, 3 = only when wide.
 * `card` marks the parts a phone's card starts with (amount, status, date) and its actions.
 */
export type GridColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  priority?: 1 | 2 | 3;
  card?: 'amount' | 'status' | 'date' | 'title' | 'actions';
  /** The API's sort field this column orders by (its header then carries aria-sort). */
  sortField?: string;
  /** Amounts: right-aligned, on one line. */
  numeric?: boolean;
  /** On one line (dates, short labels). */
  nowrap?: boolean;
  /** Identifiers: small monospace text. */
  mono?: boolean;
  /** The user cannot hide it in the column choice (identifiers, actions). */
  fixed?: boolean;
};

/** Below this width (in CSS pixels, the grid's own) rows become cards. */
export const CARD_WIDTH = 640;
/** From this width priority-2 columns show; from WIDE_WIDTH priority-3 ones too. */
export const MEDIUM_WIDTH = 880;
export const WIDE_WIDTH = 1280;

export type GridMode = { cards: boolean; maxPriority: 1 | 2 | 3 };

/** How a grid `width` pixels wide shows its rows; 0 (not measured yet, or a test DOM) shows everything. */
export function gridMode(width: number): GridMode {
  if (!width) return { cards: false, maxPriority: 3 };
  if (width < CARD_WIDTH) return { cards: true, maxPriority: 2 };
  return { cards: false, maxPriority: width >= WIDE_WIDTH ? 3 : width >= MEDIUM_WIDTH ? 2 : 1 };
}

/** The columns shown: not hidden by the user (key and fixed ones cannot be), within the width's priority. */
export function shownColumns<T>(columns: GridColumn<T>[], mode: GridMode, hidden: readonly string[] = []): GridColumn<T>[] {
  return columns.filter((column) => {
    const priority = column.priority ?? 2;
    if (priority === 1 || column.fixed) return true;
    return !hidden.includes(column.key) && priority <= mode.maxPriority;
  });
}

/** A card's parts: its first line (amount and status), second (date), then the other columns, then actions. */
export function cardParts<T>(columns: GridColumn<T>[]) {
  const find = (role: GridColumn<T>['card']) => columns.find((column) => column.card === role);
  const lead = new Set(['amount', 'status', 'date', 'title', 'actions']);
  return {
    title: find('title'),
    amount: find('amount'),
    status: find('status'),
    date: find('date'),
    actions: find('actions'),
    rest: columns.filter((column) => !column.card || !lead.has(column.card)),
  };
}
