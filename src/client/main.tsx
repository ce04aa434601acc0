// Must come first: it keeps the browser's install prompt, which fires only to listeners already there.
import './features/site/install-prompt.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { whenIdle } from './lib/when-idle.ts';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The worker is registered only once the page has settled (register-service-worker.ts), so the code
// that registers it waits for the screen to be shown too, out of the first bundle.
whenIdle(() => void import('./lib/register-service-worker.ts').then((module) => module.registerServiceWorker()));
