// Small shared steps of the end-to-end tests: building the renderer once and waiting on the page.
import type { Page } from 'playwright-core';

/** The row of a reservation in the inbox (keyFields are opaque, so the attribute value is quoted). */
export const rowOf = (page: Page, keyField: string) =>
  page.locator(`.row-body[data-key=${JSON.stringify(keyField)}]`);

/** Presses the status bar's "Sync now" (Turkish or English) and waits until the desk is idle again. */
export async function syncNow(page: Page): Promise<void> {
  const button = page.getByTestId('status-bar').locator('button');
  await button.click();
  // No string predicates here: the page's CSP (rightly) forbids eval.
  await page.locator('[data-testid="status-bar"] button:not([disabled])').waitFor({ timeout: 30_000 });
}
