import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '@lingui/react';
import './styles/theme.css';
import { createAppRouter } from './app/router';
import { prepareFormats } from './shared/format/prepareFormats';
import { activateLocale, i18n, startupLocale } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
const root = createRoot(container);

prepareFormats();

/** Lets the browser paint and take input between the steps of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A catalogue that fails to load (a deploy in between, a lost connection) leaves the page in English.
// No top-level await: it would make the bundler split the entry into many small chunks.
// The router is built in a task of its own, after the one that evaluated the app's code. As a
// transition the first render is done in slices between which the browser can paint and handle
// input, instead of one long task.
void activateLocale(startupLocale())
  .catch(() => activateLocale('en'))
  .then(nextTask)
  .then(() => {
    const router = createAppRouter();
    startTransition(() =>
      root.render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </StrictMode>,
      ),
    );
  });
