import { describe, expect, it } from 'vitest';

import { type GridColumn, cardParts, gridMode, shownColumns } from './columns';
import { clearList, defineList, isFiltered, listApiQuery, pageRange, readList, writeList } from './list-state';

const spec = defineList({
  id: 'test',
  filters: { status: { values: ['paid', 'pending'], multi: true }, tenant: {} },
  period: true,
  search: true,
  sorts: ['-created_at', 'created_at', '-amount'] as const,
  defaultSort: '-created_at',
});

describe('list URL state', () => {
  it('reads filters, search, period, sort and size from the URL, dropping what the API would refuse', () => {
    const state = readList(spec, new URLSearchParams('status=paid&status=bogus&tenant=acme&q=%20ana%20&date_from=2026-01-02&date_to=2026-13-40&sort=name&per_page=7'));
    expect(state).toMatchObject({ filters: { status: ['paid'], tenant: 'acme' }, q: 'ana', dateFrom: '2026-01-02', dateTo: '', sort: '-created_at', perPage: 25, page: 1 });
  });

  it('writes a change back on the first page, leaves defaults out and keeps keys it does not own', () => {
    const params = new URLSearchParams('status=paid&cursor=abc&back=x&deposit=dep_1');
    const next = writeList(spec, params, { sort: '-amount', perPage: 25, filters: { tenant: 'acme' } });
    expect(next.getAll('status')).toEqual(['paid']);
    expect(next.get('tenant')).toBe('acme');
    expect(next.get('sort')).toBe('-amount');
    expect(next.has('per_page')).toBe(false);
    expect(next.has('cursor')).toBe(false);
    expect(next.has('back')).toBe(false);
    expect(next.get('deposit')).toBe('dep_1');
    // A round trip reads the same state.
    expect(readList(spec, next).filters).toEqual({ status: ['paid'], tenant: 'acme' });
  });

  it('clears filters but keeps sort and size', () => {
    const next = clearList(spec, new URLSearchParams('status=paid&q=x&date_from=2026-01-01&sort=-amount&per_page=50'));
    const state = readList(spec, next);
    expect(isFiltered(state)).toBe(false);
    expect(state.sort).toBe('-amount');
    expect(state.perPage).toBe(50);
  });

  it('knows the page from the cursor stack and builds the API query', () => {
    const state = readList(spec, new URLSearchParams('cursor=c3&back=c2&status=pending'));
    expect(state.page).toBe(3);
    expect(listApiQuery(state)).toMatchObject({ status: ['pending'], tenant: null, cursor: 'c3', per_page: 25, sort: '-created_at', date_from: null });
  });

  it('refuses a default sort that is not one of its sorts', () => {
    expect(() => defineList({ id: 'bad', sorts: ['a'], defaultSort: 'b' as 'a' })).toThrow();
  });
});

describe('page range', () => {
  it('numbers the rows of a keyset page and carries the total when known', () => {
    expect(pageRange(1, 25, 25, 152)).toEqual({ from: 1, to: 25, total: 152 });
    expect(pageRange(7, 25, 2, 152)).toEqual({ from: 151, to: 152, total: 152 });
    expect(pageRange(2, 10, 10)).toEqual({ from: 11, to: 20, total: null });
    expect(pageRange(1, 25, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('column priorities and cards', () => {
  const col = (key: string, priority: 1 | 2 | 3, card?: GridColumn<unknown>['card']): GridColumn<unknown> => ({ key, header: key, priority, card, cell: () => key });
  const columns = [col('id', 2), col('amount', 1, 'amount'), col('status', 1, 'status'), col('created', 2, 'date'), col('operation', 3), col('actions', 1, 'actions')];
  const keys = (list: GridColumn<unknown>[]) => list.map((column) => column.key);

  it('hides low priorities first as the grid narrows; key columns always stay', () => {
    expect(keys(shownColumns(columns, gridMode(1400)))).toEqual(['id', 'amount', 'status', 'created', 'operation', 'actions']);
    // 1440 px with the sidebar open leaves the grid about 1100 px.
    expect(keys(shownColumns(columns, gridMode(1100)))).toEqual(['id', 'amount', 'status', 'created', 'actions']);
    expect(keys(shownColumns(columns, gridMode(700)))).toEqual(['amount', 'status', 'actions']);
    // Unmeasured (a test DOM): everything.
    expect(keys(shownColumns(columns, gridMode(0)))).toHaveLength(6);
  });

  it('never lets the user hide a key column', () => {
    expect(keys(shownColumns(columns, gridMode(1400), ['amount', 'id']))).toEqual(['amount', 'status', 'created', 'operation', 'actions']);
  });

  it('turns rows into cards on a phone, led by amount, status and date', () => {
    const mode = gridMode(358);
    expect(mode.cards).toBe(true);
    const parts = cardParts(shownColumns(columns, mode));
    expect([parts.amount?.key, parts.status?.key, parts.date?.key, parts.actions?.key]).toEqual(['amount', 'status', 'created', 'actions']);
    expect(keys(parts.rest)).toEqual(['id']);
  });
});
