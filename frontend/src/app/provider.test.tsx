import { Box } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { cspNonce } from '@/lib/csp-nonce';

import { AppProvider } from './provider';

function addNonceMeta(nonce: string) {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', nonce);
  document.head.append(meta);
}

describe('the Content-Security-Policy nonce', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[property="csp-nonce"]').forEach((meta) => meta.remove());
  });

  it('is read from the meta the server writes, and absent without it', () => {
    expect(cspNonce()).toBeUndefined();
    addNonceMeta('abc123');
    expect(cspNonce()).toBe('abc123');
  });

  it('is on every <style> Emotion inserts for Chakra', () => {
    addNonceMeta('n0nce-of-this-page');
    render(
      <AppProvider>
        <Box color="red.500">styled</Box>
      </AppProvider>,
    );
    expect(screen.getByText('styled')).toBeInTheDocument();
    const styles = [...document.head.querySelectorAll('style[data-emotion]')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('n0nce-of-this-page');
  });
});
