import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { INTERFACE_SETTINGS_STORAGE_KEY, UNSAVED_SETTINGS_STORAGE_KEY } from '../lib/settings';
import { CustomizerDrawer } from './customizer-drawer';
import { InterfaceSettingsProvider, useInterfaceSettings } from './interface-settings-provider';

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

    // Saved after the debounce: wait for the request that carries both changes (the clicks fall in
    // one window, or in two on a slow machine: then the second request carries both).
    await waitFor(() => expect(lastPatch(fetchMock)).toMatchObject({ theme: 'dark', direction: 'rtl', layout: 'vertical' }));
    expect(patches(fetchMock).length).toBeLessThanOrEqual(2);
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
    // Both changes are made before the debounce can fire: one request, sent once it has passed.
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    expect(lastPatch(fetchMock)).toMatchObject({ menuTheme: 'danger', footerType: 'sticky' });
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
    await waitFor(() => expect(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)).toBeNull());
  });

  it('after a reload within the debounce, keeps the unsaved change and sends it', async () => {
    const fetchMock = mockFetch({ 'PATCH /auth/profile': makeUser() });
    // What the page left behind: the change in the cache, marked; the server still has the old copy.
    localStorage.setItem(INTERFACE_SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'dark', sidebarCollapsed: true }));
    localStorage.setItem(UNSAVED_SETTINGS_STORAGE_KEY, JSON.stringify('7'));
    renderCustomizerFor(7, { theme: 'dark', sidebarCollapsed: false });
    expect(await screen.findByRole('checkbox', { name: 'Collapse the sidebar' })).toBeChecked();
    await waitFor(() => expect(patches(fetchMock).length).toBeGreaterThanOrEqual(1));
    expect(patchBody(patches(fetchMock)[0]!)).toMatchObject({ theme: 'dark', sidebarCollapsed: true });
    await waitFor(() => expect(localStorage.getItem(UNSAVED_SETTINGS_STORAGE_KEY)).toBeNull());
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

type FetchMock = ReturnType<typeof mockFetch>;
type FetchCall = FetchMock['mock']['calls'][number];

function patches(fetchMock: FetchMock): FetchCall[] {
  return fetchMock.mock.calls.filter((call) => (call[1] as RequestInit | undefined)?.method === 'PATCH');
}

function patchBody(call: FetchCall): unknown {
  return (JSON.parse((call[1] as RequestInit).body as string) as { interface_settings: unknown }).interface_settings;
}

function lastPatch(fetchMock: FetchMock): unknown {
  const last = patches(fetchMock).at(-1);
  return last === undefined ? undefined : patchBody(last);
}

function renderCustomizerFor(userId: number, serverSettings: unknown) {
  document.cookie = 'csrftoken=t';
  return renderWithProviders(
    <InterfaceSettingsProvider userId={userId} serverSettings={serverSettings}>
      <OpenOnMount />
      <CustomizerDrawer />
    </InterfaceSettingsProvider>,
  );
}
