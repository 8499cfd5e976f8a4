import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter } from './router';
import { registerServiceWorker } from './offline/register';
import { captureInstallPrompt } from './offline/install-prompt';

captureInstallPrompt();
registerServiceWorker();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Each step of a cold start in a task of its own, so none holds a phone's main thread for long. The
// router is made; the first route's guard (session check, screen code, lists) runs before the app first
// renders, so that render draws the page whole, once (the router sees the page loaded and leaves it).
await nextTask();
const router = createAppRouter();
await nextTask();
await router.load().catch(console.error);

const root = createRoot(document.getElementById('root')!);
// A transition renders in short slices, so the app's first render does not block the main thread in one piece.
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
