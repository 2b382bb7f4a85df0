import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA, WCAG 2.2 AA (target size), best practices, and axe's experimental rules (they
 * catch a label that differs from the visible text, and styled paragraphs used as headings).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/**
 * The order book's price buttons sit in 20 px rows, denser by design; WCAG 2.5.8's "equivalent"
 * exception covers them, as the trade form's Price field (a full-size target) does what a price
 * click does. Only the target-size rule leaves them out: every other rule still reads them.
 */
const TARGET_SIZE_EXCEPTIONS = ['.ob-side .ob-price'];

/** The impacts the suite fails on; moderate and minor ones are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page, or on the part `include` selects, and returns its serious and critical
 * violations as readable text: one line per rule and one indented line per offending element.
 * An empty string means none.
 */
export async function blockingViolations(page: Page, include?: string): Promise<string> {
  // A colour caught mid-transition (a button turning enabled as data arrives) is not the colour users read.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const scan = (builder: AxeBuilder) => (include ? builder.include(include) : builder).options({ resultTypes: ['violations'] }).analyze();
  const all = await scan(new AxeBuilder({ page }).withTags(TAGS).disableRules(['target-size']));
  const targetSize = await scan(TARGET_SIZE_EXCEPTIONS.reduce((builder, selector) => builder.exclude(selector), new AxeBuilder({ page }).withRules(['target-size'])));
  return [...all.violations, ...targetSize.violations]
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const detail = node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
        return `    ${node.target.join(' ')}: ${detail}`;
      });
      return [`  ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length})`, ...nodes].join('\n');
    })
    .join('\n');
}
