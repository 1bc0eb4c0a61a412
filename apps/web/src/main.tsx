import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { shareSessionAcrossTabs } from './lib/session.ts';

// A new tab of a signed-in user opens signed in: another tab hands its session over first.
await shareSessionAcrossTabs();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The first render runs as a transition: React renders in slices of a few milliseconds and lets the browser
// breathe between them, instead of one long task that a slow phone feels as a frozen page (Lighthouse's
// total blocking time, docs/performance.md).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
