// The worker's entry, built to /sw.js (vite-plugin-pwa names the output after its source file); the worker itself is service-worker.ts.
import './service-worker';
