import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { SearchBox } from './search-box';

const entries = [
  { route: 'clients/payments', title: 'Deposits', group: 'Finance' },
  { route: 'clients/withdraws', title: 'Withdrawals', group: 'Finance' },
];

describe('search box', () => {
  it('shows the overlay while the input is non-empty and hides it when cleared', async () => {
    renderWithProviders(<SearchBox entries={entries} staff={false} onOpenRoute={vi.fn()} onSearchTransaction={vi.fn()} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument();
    await userEvent.type(input, 'dep');
    expect(screen.getByTestId('search-overlay')).toBeInTheDocument();
    await userEvent.clear(input);
    expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument();
  });

  it('turns the overlay off on click', async () => {
    renderWithProviders(<SearchBox entries={entries} staff={false} onOpenRoute={vi.fn()} onSearchTransaction={vi.fn()} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'w');
    await userEvent.click(screen.getByTestId('search-overlay'));
    expect(screen.queryByTestId('search-overlay')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('opens a matching screen', async () => {
    const onOpenRoute = vi.fn();
    renderWithProviders(<SearchBox entries={entries} staff={false} onOpenRoute={onOpenRoute} onSearchTransaction={vi.fn()} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'withd');
    await userEvent.click(screen.getByRole('button', { name: /Withdrawals/ }));
    expect(onOpenRoute).toHaveBeenCalledWith('clients/withdraws');
  });

  it('lets staff search a transaction by id; others cannot', async () => {
    const onSearchTransaction = vi.fn();
    const { unmount } = renderWithProviders(
      <SearchBox entries={entries} staff onOpenRoute={vi.fn()} onSearchTransaction={onSearchTransaction} />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'TX-991');
    await userEvent.click(screen.getByRole('button', { name: 'Search transaction by ID: TX-991' }));
    expect(onSearchTransaction).toHaveBeenCalledWith('TX-991');
    unmount();

    renderWithProviders(<SearchBox entries={entries} staff={false} onOpenRoute={vi.fn()} onSearchTransaction={vi.fn()} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'TX-991');
    expect(screen.queryByRole('button', { name: /Search transaction/ })).not.toBeInTheDocument();
    expect(screen.getByText('No screen matches “TX-991”')).toBeInTheDocument();
  });
});
