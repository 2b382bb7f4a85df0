import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA, best practices, and axe's experimental rules (they catch a label that differs
 * from the visible text, and styled paragraphs used as headings). WCAG 2.2's target size is left
 * out: order book rows are denser by design, and the Price field does what a price click does.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'];

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
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
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
