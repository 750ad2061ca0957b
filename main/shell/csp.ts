// The desk page's Content Security Policy, in one place for both ways it reaches the page: main/shell/window.ts
// sets it as a response header, and vite.config.ts writes the same text into renderer/index.html's <meta>
// (a file:// page gets no headers). Production is strict. Only the Vite dev server (loopback, unpackaged
// builds only) also gets inline scripts and styles (the React Fast Refresh preamble, the CSS Vite injects)
// and its hot-reload websocket. React's `style={…}` props go through the CSSOM, which CSP does not govern,
// so production needs no 'unsafe-inline' for styles.

/** The policy; `devUrl` is the Vite dev server's address in development, null for the built page. */
export function deskContentSecurityPolicy(devUrl: string | null): string {
  const dev = devUrl === null ? null : new URL(devUrl);
  const websocket = dev ? `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}` : '';
  return [
    "default-src 'self'",
    dev ? `script-src 'self' 'unsafe-inline' ${dev.origin}` : "script-src 'self'",
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "media-src 'self'",
    dev ? `connect-src 'self' ${dev.origin} ${websocket}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy as a <meta> can carry it: browsers ignore frame-ancestors there (and say so in the console),
 * so it is left to the header. Everything else is the same text.
 */
export function metaContentSecurityPolicy(policy: string): string {
  return policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
}

const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>\s*/i;
const HEAD_OPEN = /<head(\s[^>]*)?>/i;

/**
 * The page with `policy` in its CSP <meta>, moved to the very start of <head>: a <meta> policy only
 * governs what comes after it, and Vite injects its own scripts at the top of <head> (the dev server's
 * React refresh preamble comes before everything). Refuses a page without the <meta>, which would ship
 * unprotected.
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const head = HEAD_OPEN.exec(html);
  if (!CSP_META.test(html) || !head) {
    throw new Error(
      'renderer/index.html has no <meta http-equiv="Content-Security-Policy" content="…"> in its <head>: put it back.',
    );
  }
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}" />`;
  const without = html.replace(CSP_META, '');
  const at = (HEAD_OPEN.exec(without)?.index ?? 0) + head[0].length;
  return `${without.slice(0, at)}\n    ${meta}${without.slice(at)}`;
}
