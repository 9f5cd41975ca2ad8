import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's first-screen renderer (src/first-screen-server.tsx): the app's own components rendered to
 * HTML in Node, beside the browser's build (`dist-ssr/`, read by apps/server/src/plugins/external/first-screen.ts).
 * Packages stay imports of node_modules; `@fantarift/core` ships TypeScript, so it is bundled.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: { noExternal: ['@fantarift/core'] },
  build: {
    ssr: 'src/first-screen-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
  },
});
