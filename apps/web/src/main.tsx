import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/theme.css';
import { router } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const root = createRoot(container);
// As a transition the first render is done in slices between which the browser can paint and
// handle input, instead of one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
