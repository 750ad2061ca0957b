// Dev mode (`npm run dev`): the page from Vite's dev server, with the development policy vite.config.ts
// writes into its <meta>, runs everything Vite injects (the React refresh preamble, injected CSS, the
// hot-reload websocket) without one CSP violation; the same page under the production policy is refused
// exactly those. The built page carries the production policy main/shell/window.ts sends as a header.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskContentSecurityPolicy,
  metaContentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../main/shell/csp';
import { contentSecurityPolicy } from '../../main/shell/window';
import { buildRenderer, repoRoot } from '../harness/browser-host/build-renderer';
import { launchDesk, type DeskBrowser } from '../harness/chromium';

interface PageState {
  violations: string[];
  preamble: boolean;
  injectedStyles: number;
  meta: string | null;
}

let vite: ViteDevServer;
let url: string;
beforeAll(async () => {
  vite = await createServer({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    server: { port: 0, strictPort: false },
    logLevel: 'silent',
  });
  await vite.listen();
  const local = vite.resolvedUrls?.local[0];
  if (!local) throw new Error('the Vite dev server gave no address');
  url = local;
});
afterAll(async () => {
  await vite?.close();
});

/** Opens the dev server's page, optionally with another policy in its <meta>, and reports what ran. */
async function openDevPage(
  policy?: string,
): Promise<{ browser: DeskBrowser; logs: string[]; state: () => Promise<PageState> }> {
  const browser = await launchDesk();
  const logs: string[] = [];
  browser.page.on('console', (message) => logs.push(message.text()));
  // Scripts as strings: they run in the page, which the Node type-check knows nothing of.
  await browser.page.addInitScript(`
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations.push(event.effectiveDirective + ' ' + event.blockedURI));
  `);
  if (policy !== undefined) {
    await browser.page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withContentSecurityPolicy(await response.text(), policy) });
    });
  }
  await browser.page.goto(url);
  const state = (): Promise<PageState> =>
    browser.page.evaluate(`({
      violations: window.__cspViolations ?? [],
      preamble: typeof window.$RefreshReg$ === 'function',
      injectedStyles: document.querySelectorAll('style[data-vite-dev-id]').length,
      meta: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null,
    })`);
  return { browser, logs, state };
}

describe('the CSP in dev mode', () => {
  it('lets the React refresh preamble, injected styles and the HMR websocket through', async () => {
    const { browser, logs, state } = await openDevPage();
    try {
      await expect.poll(async () => (await state()).preamble).toBe(true);
      await expect.poll(async () => (await state()).injectedStyles).toBeGreaterThan(0);
      await expect.poll(() => logs.some((line) => line.includes('[vite] connected'))).toBe(true);
      const final = await state();
      expect(final.violations).toEqual([]);
      // The same text main/shell/window.ts sends as a header for this dev server (less frame-ancestors).
      expect(final.meta).toBe(metaContentSecurityPolicy(contentSecurityPolicy({ kind: 'dev', url })));
    } finally {
      await browser.close();
    }
  });

  it('the production policy refuses exactly what Vite injects', async () => {
    const { browser, state } = await openDevPage(metaContentSecurityPolicy(deskContentSecurityPolicy(null)));
    try {
      const refused = (directive: string) => async () =>
        (await state()).violations.some((v) => v.startsWith(directive));
      await expect.poll(refused('script-src-elem inline')).toBe(true);
      // Without the preamble the app's modules stop before importing their CSS: inject a style the way Vite's
      // client does for every CSS module.
      // (A string, so the test runner leaves this dynamic import to the page.)
      await browser.page.evaluate(
        "import('/@vite/client').then((client) => client.updateStyle('/csp-probe.css', 'body { margin: 0 }'))",
      );
      await expect.poll(refused('style-src')).toBe(true);
      await expect.poll(refused('connect-src ws:')).toBe(true);
      expect((await state()).preamble).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

describe('the CSP of the built page', () => {
  it('is the production header policy, with no inline or eval and no dev server', async () => {
    const html = readFileSync(path.join(await buildRenderer(), 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    const header = contentSecurityPolicy({ kind: 'file', indexPath: '/app/dist/renderer/index.html' });
    expect(meta).toBe(metaContentSecurityPolicy(header));
    expect(header).toContain("frame-ancestors 'none'");
    expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|ws:|http:/);
  });

  it('renderer/index.html shows that same policy, and a page without the <meta> is refused', () => {
    const source = readFileSync(path.join(repoRoot, 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(source)?.[1];
    expect(meta).toBe(metaContentSecurityPolicy(deskContentSecurityPolicy(null)));
    expect(() => withContentSecurityPolicy('<html><head></head></html>', 'x')).toThrow(/no <meta/);
  });
});
