import { render, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { I18nProvider } from './i18n-provider';
import { commonMessages } from './messages';

function Probe() {
  const intl = useIntl();
  return <p>{intl.formatMessage(commonMessages.tryAgainLater)}</p>;
}

describe('I18nProvider', () => {
  it('shows Portuguese by default, from the bundle', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Por favor, tente novamente mais tarde')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'pt-BR');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the English catalog for a user who chose English, without a Portuguese flash', async () => {
    localStorage.setItem('cofre.language', 'en');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ 'common.tryAgainLater': 'Please, try again later' })));
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.queryByText('Por favor, tente novamente mais tarde')).not.toBeInTheDocument();
    expect(await screen.findByText('Please, try again later')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
  });
});
