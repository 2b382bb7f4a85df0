import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '@lingui/react';
import './styles/theme.css';
import { router } from './app/router';
import { activateLocale, i18n, startupLocale } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
const root = createRoot(container);

// A catalogue that fails to load (a deploy in between, a lost connection) leaves the page in English.
// No top-level await: it would make the bundler split the entry into many small chunks.
// As a transition the first render is done in slices between which the browser can paint and
// handle input, instead of one long task.
void activateLocale(startupLocale())
  .catch(() => activateLocale('en'))
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </StrictMode>,
      ),
    ),
  );
