import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Prompt mode: a newly deployed build waits for the user's "Recharger"
      // (src/app/UpdatePrompt.tsx) instead of swapping code under an open form.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Enquêtes',
        short_name: 'Enquêtes',
        description: 'Enquêtes, évaluations et activités de terrain pour les entreprises.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The error-reporting SDK is fetched only when a DSN is configured (lib/error-reporting):
        // not precached for every installation, and useless offline anyway.
        globIgnores: ['**/sentry-client-*.js'],
        // SPA fallback for deep links offline, but never for the API or the socket.
        navigateFallback: '/index.html',
        // Public links and anonymous contribution pages are the answering page (answer.html), not the SPA.
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/, /^\/m\//, /^\/web\/surveys(\/|$)/],
        runtimeCaching: [
          {
            // A field agent reopening an answering page offline gets the copy seen last.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && (url.pathname.startsWith('/m/') || url.pathname.startsWith('/web/surveys')),
            handler: 'NetworkFirst',
            options: { cacheName: 'answer-pages', networkTimeoutSeconds: 5, expiration: { maxEntries: 30 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // Two pages: the app shell, and the light public answering page (answer.html, no Mantine).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        answer: fileURLToPath(new URL('./answer.html', import.meta.url)),
      },
    },
  },
});
