import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is built on its own: it only ever sees renderer/ and shared/.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
  server: { host: '127.0.0.1' },
});
