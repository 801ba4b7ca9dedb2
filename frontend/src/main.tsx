import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { applySettingsToDocument, readCachedSettings } from './features/customizer/lib/settings';

// The cached interface settings (theme, direction) apply before anything is drawn or the server
// answers, so the loader already shows in the user's mode.
const cached = readCachedSettings();
if (cached) applySettingsToDocument(cached);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
