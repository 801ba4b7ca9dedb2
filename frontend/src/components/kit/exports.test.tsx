import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ExportJob } from '@/api/types';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';

import { DownloadCenter, ExportMenu } from './exports';

const job = (over: Partial<ExportJob>): ExportJob => ({
  id: 'exp_1',
  type: 'payments',
  format: 'csv',
  status: 'done',
  progress: 100,
  rows: 1234,
  total: 1234,
  size: 2048,
  filters: {},
  error: '',
  created_at: '2026-11-27T10:00:00Z',
  finished_at: '2026-11-27T10:01:00Z',
  expires_at: '2026-12-04T10:00:00Z',
  url: '/api/exports/exp_1/file',
  ...over,
});

describe('list kit: export', { timeout: 60_000 }, () => {
  it('posts the list filters without paging or empty values, then opens the download center', async () => {
    let posted: unknown = null;
    mockFetch({
      'POST /exports': (_url: string, init: RequestInit) => {
        posted = JSON.parse(String(init.body));
        return new Response(JSON.stringify({ id: 'exp_2', status: 'queued' }), { status: 202, headers: { 'Content-Type': 'application/json' } });
      },
      'GET /exports': [job({ id: 'exp_2', status: 'running', progress: 40, rows: 400, url: null, size: 0 })],
    });
    const query = { status: ['confirmed'], method: [], q: '', date_from: null, sort: '-created_at', per_page: 25, cursor: 'abc' };
    renderWithProviders(<ExportMenu type="payments" query={query} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV for Excel (Brazil)' }));
    await waitFor(() => expect(posted).toEqual({ type: 'payments', format: 'csv_br', filters: { status: ['confirmed'], sort: '-created_at' } }));
    const center = await screen.findByRole('dialog', { name: 'Download center' });
    expect(await within(center).findByText('Generating')).toBeInTheDocument();
    expect(within(center).getAllByText('40% (400 rows)').length).toBeGreaterThan(0);
    expect(within(center).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('lists finished exports with their download link, and says when there are none', async () => {
    mockFetch({ 'GET /exports': [job({})] });
    const { unmount } = renderWithProviders(<DownloadCenter />);
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/api/exports/exp_1/file');
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /exports': [] });
    renderWithProviders(<DownloadCenter />);
    expect(await screen.findByText('No exports yet')).toBeInTheDocument();
  });
});
