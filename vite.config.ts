import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Logger, type LogLevel, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './web/build/precompress.ts';
import { routeHintsPlugin } from './web/build/route-hints.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * vite-plugin-pwa builds the service worker with a Vite config of its own, which would log at Vite's
 * default level whatever the app's build was given: these two plugins hand it the app build's logger and
 * level (the server's start-up build logs JSON lines only, server/lib/vite-json-logger.ts). It also still
 * sets `inlineDynamicImports`, which Rolldown warns about on the console: its replacement is set instead.
 */
function serviceWorkerBuildLogsLikeTheApp(): { app: Plugin; serviceWorker: Plugin } {
  let app: { logger: Logger; logLevel?: LogLevel } | undefined;
  return {
    app: { name: 'medivault:app-build-logger', configResolved: (config) => void (app = { logger: config.logger, logLevel: config.logLevel }) },
    serviceWorker: {
      name: 'medivault:service-worker-build-logger',
      config(config) {
        const output = config.build?.rollupOptions?.output;
        if (output && !Array.isArray(output) && output.inlineDynamicImports) {
          delete output.inlineDynamicImports;
          output.codeSplitting = false;
        }
        return app ? { customLogger: app.logger, logLevel: app.logLevel } : {};
      },
    },
  };
}
const buildLogger = serviceWorkerBuildLogsLikeTheApp();

export default defineConfig({
  root: path.join(here, 'web'),
  publicDir: path.join(here, 'web/public'),
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // A screen's code came as dozens of 1-2 kB shared chunks, each a request of its own on a phone's slow link:
        // those under 8 kB are copied into the chunks that use them (the runtime still runs each module once),
        // and what every page runs first is one chunk ('boot') rather than seven.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.css(\?|$)/ },
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
      onwarn(warning, warn) {
        // Libraries mark modules 'use client' for React Server Components; meaningless in this SPA.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  resolve: {
    // simple-peer's stream library asks for Node's 'events'; in the browser use the npm polyfill that
    // mediasoup-client already depends on (installed as 'events-alias').
    alias: { events: 'events-alias' },
  },
  server: {
    proxy: {
      // Not '/api' alone: the client's own modules live under web/api/ and are served as /api/*.ts.
      '^/api/(?!.*\\.tsx?$)': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  plugins: [
    VitePWA({
      // Our own worker (web/offline/service-worker.ts, built to /sw.js): it precaches the shell and replays queued changes;
      // it never caches API answers, so no health data lands in Cache Storage.
      strategies: 'injectManifest',
      srcDir: 'offline',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'MediVault',
        short_name: 'MediVault',
        description: 'Your secure medical vault: records, medications, appointments and telemedicine',
        id: '/',
        theme_color: '#0f766e',
        background_color: '#f8fafc',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        buildPlugins: { vite: [buildLogger.serviceWorker] },
      },
    }),
    buildLogger.app,
    routeHintsPlugin(),
    precompress(),
  ],
});
