import { fileURLToPath, URL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            {
              name: 'widgets',
              test: (id: string) =>
                /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)/.test(
                  id,
                ) && !/react-(slot|compose-refs)[\\/]/.test(id),
            },
            {
              // the app's shared components the pages use (dialogs, selects, coins, league pickers...):
              // one chunk, not a dozen files of a few hundred bytes; what the entry needs stays in it
              name: (id: string, ctx) =>
                /[\\/]apps[\\/]web[\\/]src[\\/](components|api|hooks|lib)[\\/]/.test(id) &&
                !loadedByEntry(id, (m) => ctx.getModuleInfo(m))
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
