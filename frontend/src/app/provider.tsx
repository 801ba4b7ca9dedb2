import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { I18nProvider } from '@/i18n/i18n-provider';
import { cspNonce } from '@/lib/csp-nonce';
import { createQueryClient } from '@/lib/query-client';
import { system } from '@/lib/theme';

function createStyleCache() {
  // Emotion (Chakra UI's styles) puts the nonce on every <style> it inserts: the policy's
  // style-src allows those and no other inline style.
  return createCache({ key: 'css', nonce: cspNonce() });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider>{children}</I18nProvider>
        </QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
