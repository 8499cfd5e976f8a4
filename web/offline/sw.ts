// The worker's entry, so that it is built to /sw.js where the spec registers it; the worker is service-worker.ts.
import './service-worker';
