import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { limitFirstScreen } from '@/lib/first-screen';
import { registerServiceWorker } from '@/lib/pwa';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// a returning player's stored first screen, when the service worker put one in the page (lib/first-screen.ts)
limitFirstScreen();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
