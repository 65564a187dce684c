import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { startInitialData } from './app/initial-data';
import { createAppRouter } from './app/router';
import { reloadForChunkError } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A CSS or JS preload of a lazy chunk failed (typically: a new deploy removed it).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
});

const queryClient = createQueryClient();
startInitialData(queryClient, window.location);
const router = createAppRouter(queryClient);

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
