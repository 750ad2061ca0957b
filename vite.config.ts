import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import {
  deskContentSecurityPolicy,
  metaContentSecurityPolicy,
  withContentSecurityPolicy,
} from './main/shell/csp';

/** The dev server's own address, as the page (and RESDESK_DEV_URL) reaches it. */
function devServerAddress(server: ViteDevServer): string {
  const resolved = server.resolvedUrls?.local[0];
  if (resolved) return resolved;
  const address = server.httpServer?.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}/`;
  throw new Error('The Vite dev server is not listening yet.');
}

/**
 * Writes main/shell/csp.ts's policy into index.html's <meta>: the strict production policy in `vite build`
 * (the text main/shell/window.ts sends as a header, less frame-ancestors, which a <meta> cannot carry), and under `vite` (serve) the development one that lets
 * the React refresh preamble, Vite's injected styles and its hot-reload websocket through. Runs last, so it
 * sees the page as served.
 */
function deskCsp(): Plugin {
  return {
    name: 'resdesk-csp',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        withContentSecurityPolicy(
          html,
          metaContentSecurityPolicy(
            deskContentSecurityPolicy(context.server ? devServerAddress(context.server) : null),
          ),
        ),
    },
  };
}

// The renderer is built on its own: it only ever sees renderer/ and shared/.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), deskCsp()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
  server: { host: '127.0.0.1' },
});
