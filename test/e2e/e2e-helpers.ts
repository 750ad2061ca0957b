// Small shared steps of the end-to-end tests: building the renderer once and waiting on the page.
import type { Page } from 'playwright-core';

/** The row of a reservation in the inbox (keyFields are opaque, so the attribute value is quoted). */
export const rowOf = (page: Page, keyField: string) =>
  page.locator(`.row-body[data-key=${JSON.stringify(keyField)}]`);

/**
 * Presses the status bar's "Sync now" (Turkish or English) and waits until the desk is idle again. The button is
 * enabled before the press too, so first the sync is seen to start (the button disabled) or to have ended (a new
 * last-sync time); a machine under load may show neither for a moment.
 */
export async function syncNow(page: Page): Promise<void> {
  const bar = page.getByTestId('status-bar');
  const button = bar.locator('button');
  const before = (await bar.getAttribute('data-last-sync')) ?? '';
  await button.click();
  await page
    .locator(
      `[data-testid="status-bar"] button[disabled], [data-testid="status-bar"]:not([data-last-sync=${JSON.stringify(before)}])`,
    )
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  // No string predicates here: the page's CSP (rightly) forbids eval.
  await page.locator('[data-testid="status-bar"] button:not([disabled])').waitFor({ timeout: 30_000 });
}
