import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { BarChart } from './bar-chart';

const days = (count: number) => Array.from({ length: count }, (_, index) => `11/${String(index + 1).padStart(2, '0')}`);

function axis(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-axis-label]')].map((label) => [label.textContent, Number(label.dataset.span)]);
}

describe('BarChart axis labels', () => {
  it('shows at most six, each as wide as the days it stands for (not one day\'s few pixels on a phone)', async () => {
    const { container } = renderWithProviders(
      <BarChart title="Paid by day" labelHeader="Day" labels={days(28)} series={[{ key: 'paid', label: 'Paid', color: 'blue.500', values: days(28).map((_, index) => index * 100) }]} format={String} />,
    );
    await screen.findByRole('figure', { name: 'Paid by day' });
    // 28 days, one label every 5: five of 5 days and the last of 3; the widths add up to the 28 bars.
    expect(axis(container)).toEqual([['11/01', 5], ['11/06', 5], ['11/11', 5], ['11/16', 5], ['11/21', 5], ['11/26', 3]]);
  });

  it('gives each label its own bar when there are few', async () => {
    const { container } = renderWithProviders(
      <BarChart title="Paid by month" labelHeader="Month" labels={['Oct 26', 'Nov 26']} series={[{ key: 'paid', label: 'Paid', color: 'blue.500', values: [1, 2] }]} format={String} />,
    );
    await screen.findByRole('figure', { name: 'Paid by month' });
    expect(axis(container)).toEqual([['Oct 26', 1], ['Nov 26', 1]]);
  });
});
