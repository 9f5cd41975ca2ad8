import { fileURLToPath, URL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** True when the entry imports the module statically (directly or through other modules). */
function loadedByEntry(
  id: string,
  getModuleInfo: (id: string) => { isEntry: boolean; importers: readonly string[] } | null,
  seen = new Set<string>(),
): boolean {
  const info = getModuleInfo(id);
  if (!info || seen.has(id)) return false;
  if (info.isEntry) return true;
  seen.add(id);
  return info.importers.some((importer) => loadedByEntry(importer, getModuleInfo, seen));
}

/** The app's shared code: components, API hooks, hooks and helpers. */
const SHARED_APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/](components|api|hooks|lib)[\\/]/;
/** A participant page's own code (admin pages have chunks of their own). */
const PARTICIPANT_FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](?!admin[\\/])[^\\/]+[\\/]/;

/**
 * True when a participant page imports the module statically (directly or through other shared code).
 * What is only ever imported on demand (a dialog's content, a confirmation) stays out of `page-ui`, so
 * that it, and what it imports, does not load with every page.
 */
function loadedByParticipantPage(
  id: string,
  getModuleInfo: (id: string) => { importers: readonly string[] } | null,
  seen = new Set<string>(),
): boolean {
  const info = getModuleInfo(id);
  if (!info || seen.has(id)) return false;
  seen.add(id);
  return info.importers.some(
    (importer) =>
      PARTICIPANT_FEATURE.test(importer) ||
      (SHARED_APP_CODE.test(importer) && loadedByParticipantPage(importer, getModuleInfo, seen)),
  );
}

/** Radix parts that only open on a click: dialogs, confirmations, menus and popovers. */
const OVERLAYS =
  /node_modules[\\/]@radix-ui[\\/]react-(dialog|alert-dialog|menu|dropdown-menu|popover)[\\/]|[\\/]src[\\/]components[\\/]ui[\\/](dialog|alert-dialog|dropdown-menu)\.tsx$/;
/** Radix parts only the admin's forms use: they go with the admin's chunks. */
const ADMIN_WIDGETS = /node_modules[\\/]@radix-ui[\\/]react-(checkbox|switch|collapsible)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable app (issue 33): the manifest, and a Workbox service worker that precaches the hashed
    // assets and the offline page. The shell itself is not precached: it is rendered per visitor with the
    // session in it (apps/server/src/plugins/external/web-shell.ts), so a navigation goes to the network and
    // falls back to the Italian offline page when there is none. The app asks before taking a new build
    // ("Nuova versione disponibile — Aggiorna": src/components/pwa-update-prompt.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'FantaRift',
        short_name: 'FantaRift',
        description: 'Il fantasy game degli esports di League of Legends: roster, mercato e classifica.',
        lang: 'it',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // the dark brand tile (the icons' background); the page's own theme-color metas follow light / dark
        background_color: '#141a3a',
        theme_color: '#141a3a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: [
          'assets/**/*.{js,css,svg,png}',
          'offline.html',
          'favicon.svg',
          'theme-init.js',
          'icons/icon-192.png',
        ],
        // a participant's phone does not download the admin's pages ahead of time
        globIgnores: ['assets/admin-*', 'assets/dev-mailbox-*'],
        // the per-visitor shell is never served from the cache (see above)
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // the push and notification-click handlers (public/push-sw.js); navigations (network, else the
        // offline page) and a returning player's first screen (public/snapshot-sw.js)
        importScripts: ['/push-sw.js', '/snapshot-sw.js'],
      },
    }),
    // every text file over 1 KB also as .br and .gz, compressed once at the highest levels; the server
    // sends the one the browser accepts (apps/server/src/plugins/external/web.ts)
    compression({
      threshold: 1024,
      include: /\.(html|js|css|svg|json|txt)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // the server reads it to preload each page's code from the shell (plugins/external/web-shell.ts)
    manifest: true,
    rolldownOptions: {
      output: {
        // Pages share their widgets and icons: as a handful of chunks, not fifty tiny files. Over HTTP/1.1
        // a phone opens six connections, so every extra round of requests costs a full round trip.
        codeSplitting: {
          // a group takes only the modules it names, not what they import (React itself stays in the entry)
          includeDependenciesRecursively: false,
          groups: [
            {
              // everything the entry imports statically, as one file beside it: over HTTP/1.1 a dozen small
              // entry chunks (React, the query client, messages, icons...) queue on six connections and the
              // app cannot start until the last of them arrives
              name: 'app',
              tags: ['$initial'],
              priority: 10,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            {
              // what a page's first screen draws (selects, tabs, tooltips) and the machinery they share
              name: 'widgets',
              test: (id: string) =>
                /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)/.test(
                  id,
                ) &&
                !/react-(slot|compose-refs)[\\/]/.test(id) &&
                !OVERLAYS.test(id) &&
                !ADMIN_WIDGETS.test(id),
            },
            // what only opens on a click (dialogs, confirmations, menus): loaded when it is about to open,
            // or after the first paint (the top bar's menus), never on a page's critical path
            { name: 'overlays', test: (id: string) => OVERLAYS.test(id) },
            {
              // the app's shared components the pages use (dialogs, selects, coins, league pickers...):
              // one chunk, not a dozen files of a few hundred bytes; what the entry needs stays in it
              name: (id: string, ctx) =>
                SHARED_APP_CODE.test(id) &&
                !OVERLAYS.test(id) &&
                !loadedByEntry(id, (m) => ctx.getModuleInfo(m)) &&
                loadedByParticipantPage(id, (m) => ctx.getModuleInfo(m))
                  ? 'page-ui'
                  : null,
            },
          ],
        },
      },
    },
    emptyOutDir: true,
  },
});
