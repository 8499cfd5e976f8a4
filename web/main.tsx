import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './offline/register';
import { captureInstallPrompt } from './offline/install-prompt';

captureInstallPrompt();

const root = createRoot(document.getElementById('root')!);
// A transition renders in short slices, so the app's first render does not block the main thread in one piece.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
