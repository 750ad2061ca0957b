// axe-core in the e2e suite: the npm package's own script, put into the page through the test driver (the
// page's CSP stays as it is; nothing is downloaded), then run on the whole document. A finding is kept
// with its rule, impact and the first few elements, so a failure says where to look.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let source: string | null = null;
const axeSource = (): string => {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

/**
 * Every serious or critical finding of axe-core on the page as it is now ([] when clean); with `moderate`,
 * moderate ones too (content outside landmarks, headings out of order), held for the desk's main screens.
 */
export async function seriousAxeFindings(
  page: Page,
  options: { moderate?: boolean } = {},
): Promise<AxeFinding[]> {
  const impacts = options.moderate ? ['moderate', 'serious', 'critical'] : ['serious', 'critical'];
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axeSource());
  // A string, not a function: the test files have no DOM types, and axe is a global of the page.
  const findings = await page.evaluate(`
    window.axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations
        .filter((v) => ${JSON.stringify(impacts)}.includes(v.impact))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        })),
    )`);
  return findings as AxeFinding[];
}
