import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { GridColumn } from './columns';
import { DetailGrid } from './detail-grid';

type Row = { id: string; amount: number; note: string };
const columns: GridColumn<Row>[] = [
  { key: 'id', header: 'ID', priority: 1, card: 'title', mono: true, cell: (row) => row.id },
  { key: 'note', header: 'Note', priority: 2, cell: (row) => row.note },
  { key: 'amount', header: 'Amount', priority: 1, card: 'amount', numeric: true, cell: (row) => `R$ ${row.amount}` },
];
const rows: Row[] = [
  { id: 'dep_1', amount: 10, note: 'first' },
  { id: 'dep_2', amount: 20, note: 'second' },
];

afterEach(() => vi.restoreAllMocks());

describe('DetailGrid (compact detail tables in drawers)', () => {
  it('shows the rows as a table with its caption, placeholder rows while loading', () => {
    const { unmount } = renderWithProviders(<DetailGrid caption="Payments" columns={columns} rows={undefined} rowKey={(row) => row.id} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    unmount();
    renderWithProviders(<DetailGrid caption="Payments" columns={columns} rows={rows} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-deposit': row.id })} />);
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.querySelector('[data-deposit="dep_2"]')).toHaveTextContent('R$ 20');
  });

  it('says there is nothing in one line instead of an empty table', () => {
    renderWithProviders(<DetailGrid caption="History" columns={columns} rows={[]} rowKey={(row) => row.id} empty="No movement yet" />, { locale: 'en' });
    expect(screen.getByText('No movement yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a failed load with a retry', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<DetailGrid caption="Payments" columns={columns} rows={undefined} rowKey={(row) => row.id} error={{ title: 'Could not load', onRetry }} />, { locale: 'en' });
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('turns into one card per row in a phone-wide drawer (390 px)', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 358, height: 0, top: 0, left: 0, right: 358, bottom: 0, x: 0, y: 0, toJSON: () => ({}) });
    renderWithProviders(<DetailGrid caption="Payments" columns={columns} rows={rows} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-deposit': row.id })} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Payments' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(cards.querySelector('[data-deposit="dep_1"] [data-column="note"]')).toHaveTextContent('first');
  });
});
