// Loaded by the hidden, sandboxed sound page of main/shell/notify.ts as player.html?kind=<kind>: plays that sound once.
const kind = new URLSearchParams(window.location.search).get('kind');
if (kind === 'new' || kind === 'changed' || kind === 'cancelled') {
  new Audio(`${kind}.wav`).play().catch(() => undefined);
}
