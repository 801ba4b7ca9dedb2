import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { INTERFACE_SETTINGS_STORAGE_KEY, UNSAVED_SETTINGS_STORAGE_KEY } from '../lib/settings';
import { CustomizerDrawer } from './customizer-drawer';
import { InterfaceSettingsProvider, SAVE_DEBOUNCE_MS, useInterfaceSettings } from './interface-settings-provider';

function OpenOnMount() {
  const { setCustomizerOpen } = useInterfaceSettings();
  useEffect(() => setCustomizerOpen(true), [setCustomizerOpen]);
  return null;
}

function renderCustomizer(serverSettings: unknown = {}) {
  document.cookie = 'csrftoken=t';
  return renderWithProviders(
    <InterfaceSettingsProvider serverSettings={serverSettings}>
      <OpenOnMount />
      <CustomizerDrawer />
    </InterfaceSettingsProvider>,
  );
}

describe('theme customizer', () => {
  afterEach(() => vi.useRealTimers());

  it('offers semi-dark and a hidden navbar only in the vertical layout', async () => {
    mockFetch({ 'PATCH /auth/profile': makeUser() });
    renderCustomizer();
    const mode = await screen.findByRole('radiogroup', { name: 'Mode' });
    expect(within(mode).getByRole('radio', { name: 'Semi dark' })).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Navbar type' })).getByRole('radio', { name: 'Hidden' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Horizontal' }));
    expect(within(screen.getByRole('radiogroup', { name: 'Mode' })).queryByRole('radio', { name: 'Semi dark' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Navbar type' })).queryByRole('radio', { name: 'Hidden' })).not.toBeInTheDocument();
  });

  it('shows the defaults as selected', async () => {
    mockFetch({ 'PATCH /auth/profile': makeUser() });
    renderCustomizer();
    expect(await screen.findByRole('radio', { name: 'Vertical' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Navbar type' })).getByRole('radio', { name: 'Floating' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Footer type' })).getByRole('radio', { name: 'Static' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Menu color' })).getByRole('radio', { name: 'Primary' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Left to right' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Collapse the sidebar' })).not.toBeChecked();
  });

  it('applies a change at once, caches it and saves it to the profile', async () => {
    document.cookie = 'csrftoken=t';
    const fetchMock = mockFetch({ 'PATCH /auth/profile': makeUser() });
    renderCustomizer();
    await userEvent.click(within(await screen.findByRole('radiogroup', { name: 'Mode' })).getByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Right to left' }));

    expect(document.body).toHaveClass('dark-layout');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(JSON.parse(localStorage.getItem(INTERFACE_SETTINGS_STORAGE_KEY)!)).toMatchObject({ theme: 'dark', direction: 'rtl' });

    await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 50)));
    const patches = fetchMock.mock.calls.filter((call) => (call[1] as RequestInit).method === 'PATCH');
    // Changes made within the debounce window go in one request (two on a slow machine).
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(patches.length).toBeLessThanOrEqual(2);
    const body = JSON.parse((patches.at(-1)![1] as RequestInit).body as string);
    expect(body.interface_settings).toMatchObject({ theme: 'dark', direction: 'rtl', layout: 'vertical' });
  });

  it('sends changes made together in one request', async () => {
    document.cookie = 'csrftoken=t';
    const fetchMock = mockFetch({ 'PATCH /auth/profile': makeUser() });
    function TwoChanges() {
      const { update } = useInterfaceSettings();
      useEffect(() => {
        update({ menuTheme: 'danger' });
        update({ footerType: 'sticky' });
      }, [update]);
      return null;
    }
    renderWithProviders(
      <InterfaceSettingsProvider serverSettings={{}}>
        <TwoChanges />
      </InterfaceSettingsProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100)));
    const patches = fetchMock.mock.calls.filter((call) => (call[1] as RequestInit).method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(JSON.parse((patches[0]![1] as RequestInit).body as string).interface_settings).toMatchObject({
      menuTheme: 'danger',
      footerType: 'sticky',
    });
  });

  it('starts from the settings the server has for the user', async () => {
    mockFetch({ 'PATCH /auth/profile': makeUser() });
    renderCustomizer({ theme: 'semi-dark', menuTheme: 'success' });
    expect(await screen.findByRole('radio', { name: 'Semi dark' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Menu color' })).getByRole('radio', { name: 'Success' })).toBeChecked();
    expect(document.body).toHaveClass('semi-dark-layout');
  });

  it('marks a change as unsaved until the server has it', async () => {
    document.cookie = 'csrftoken=t';
    mockFetch({ 'PATCH /auth/profile': makeUser() });
    function OneChange() {
      const { update } = useInterfaceSettings();
      useEffect(() => update({ sidebarCollapsed: true }), [update]);
      return null;
    }
    renderWithProviders(
      <InterfaceSettingsProvider userId={7} serverSettings={{}}>
        <OneChange />
      </InterfaceSettingsProvider>,
    );
    expect(JSON.parse(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)!)).toBe('7');
    expect(JSON.parse(localStorage.getItem(INTERFACE_SETTINGS_STORAGE_KEY)!)).toMatchObject({ sidebarCollapsed: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100)));
    expect(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it('after a reload within the debounce, keeps the unsaved change and sends it', async () => {
    const fetchMock = mockFetch({ 'PATCH /auth/profile': makeUser() });
    // What the page left behind: the change in the cache, marked; the server still has the old copy.
    localStorage.setItem(INTERFACE_SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'dark', sidebarCollapsed: true }));
    localStorage.setItem(UNSAVED_SETTINGS_STORAGE_KEY, JSON.stringify('7'));
    renderCustomizerFor(7, { theme: 'dark', sidebarCollapsed: false });
    expect(await screen.findByRole('checkbox', { name: 'Collapse the sidebar' })).toBeChecked();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const patches = fetchMock.mock.calls.filter((call) => (call[1] as RequestInit).method === 'PATCH');
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse((patches[0]![1] as RequestInit).body as string).interface_settings).toMatchObject({
      theme: 'dark',
      sidebarCollapsed: true,
    });
    expect(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it('ignores an unsaved cache of another user', async () => {
    mockFetch({ 'PATCH /auth/profile': makeUser() });
    localStorage.setItem(INTERFACE_SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'dark' }));
    localStorage.setItem(UNSAVED_SETTINGS_STORAGE_KEY, JSON.stringify('7'));
    renderCustomizerFor(8, { theme: 'semi-dark' });
    expect(await screen.findByRole('radio', { name: 'Semi dark' })).toBeChecked();
    expect(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)).toBeNull();
  });
});

function renderCustomizerFor(userId: number, serverSettings: unknown) {
  document.cookie = 'csrftoken=t';
  return renderWithProviders(
    <InterfaceSettingsProvider userId={userId} serverSettings={serverSettings}>
      <OpenOnMount />
      <CustomizerDrawer />
    </InterfaceSettingsProvider>,
  );
}
