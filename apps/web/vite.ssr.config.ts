import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's first-screen renderer (src/first-screen-server.tsx): the app's own components rendered to
 * HTML in Node, beside the browser's build (`dist-ssr/`, read by apps/server/src/plugins/external/first-screen.ts).
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // one self-contained file with React's production build, whatever NODE_ENV the server runs with (React's
  // development build renders several times slower)
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // the browser's build has the public files
  publicDir: false,
  build: {
    ssr: 'src/first-screen-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
  },
});
