import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { limitFirstScreen } from '@/lib/first-screen';
import { registerServiceWorker } from '@/lib/pwa';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const start = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );

// A returning player's stored first screen, when the service worker put one in the page (lib/first-screen.ts):
// painted first, the app's work starts after that frame (its scripts come from the worker's cache at once).
if (limitFirstScreen()) requestAnimationFrame(() => setTimeout(start));
else start();

registerServiceWorker();
