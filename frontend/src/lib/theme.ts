import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%', bg: 'bg', color: 'fg' },
    // The layout mirrors with `dir="rtl"` on <html>: components use logical properties.
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
  },
});

/** Chakra UI system of the app. Dark mode is the `dark` class (set from the interface settings). */
export const system = createSystem(defaultConfig, config);
