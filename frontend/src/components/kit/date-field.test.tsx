import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { DateField, DateRangeField } from './date-field';

function Probe({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Due" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('shows and reads dd/mm/aaaa in pt-BR, giving back YYYY-MM-DD', async () => {
    renderWithProviders(<Probe initial="2026-03-01" />, { locale: 'pt-BR' });
    const input = screen.getByRole('textbox', { name: 'Due' });
    expect(input).toHaveValue('01/03/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await userEvent.clear(input);
    await userEvent.type(input, '31122026');
    expect(input).toHaveValue('31/12/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-31');
  });

  it('shows and reads mm/dd/yyyy in English', async () => {
    renderWithProviders(<Probe initial="2026-03-01" />, { locale: 'en' });
    const input = screen.getByRole('textbox', { name: 'Due' });
    expect(input).toHaveValue('03/01/2026');
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await userEvent.clear(input);
    await userEvent.type(input, '12312026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-31');
  });

  it('says, translated, when the day does not exist or the date is half typed', async () => {
    renderWithProviders(<Probe />, { locale: 'pt-BR' });
    const input = screen.getByRole('textbox', { name: 'Due' });
    await userEvent.type(input, '30022026');
    fireEvent.blur(input);
    expect(await screen.findByText('Este dia não existe: informe a data como dd/mm/aaaa, por exemplo 31/12/2026')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '3112');
    expect(screen.getByText('Informe a data completa como dd/mm/aaaa, por exemplo 31/12/2026')).toBeInTheDocument();
  });
});

describe('DateField calendar', () => {
  it('picks a day from the calendar, which exists (with its announcer) only while open', async () => {
    renderWithProviders(<Probe initial="2026-03-01" />, { locale: 'pt-BR' });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir o calendário: Due' }));
    const grid = await screen.findByRole('grid');
    await userEvent.click(within(grid).getByText('15'));
    expect(screen.getByRole('textbox', { name: 'Due' })).toHaveValue('15/03/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-15');
  });
});

describe('DateRangeField', () => {
  it('refuses a start after the end and passes only whole days', async () => {
    const seen: { from: string; to: string }[] = [];
    renderWithProviders(<DateRangeField from="" to="2026-01-10" onlyComplete onChange={(range) => seen.push(range)} />, { locale: 'en' });
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.type(from, '0105');
    expect(seen).toEqual([]);
    await userEvent.type(from, '2026');
    expect(seen).toEqual([{ from: '2026-01-05', to: '2026-01-10' }]);
    await userEvent.clear(from);
    await userEvent.type(from, '01202026');
    expect(screen.getByText('The start date must be before the end date')).toHaveAttribute('role', 'alert');
    expect(seen.at(-1)).toEqual({ from: '', to: '2026-01-10' });
  });
});
