import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%', bg: 'bg', color: 'fg' },
    // The default color palette (gray) is declared on <html>, so its variables take the page's
    // mode there and are inherited as such: a dark island in a light page (the full layout, the
    // semi-dark menu, a colored navbar) declares it again to get its dark values.
    '.dark': { colorPalette: 'gray' },
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
