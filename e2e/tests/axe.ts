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

type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/**
 * Runs axe-core on the page, or on the part `include` selects, and returns its serious and critical
 * violations as readable text: one line per rule and one indented line per offending element.
 * An empty string means none.
 */
export async function blockingViolations(page: Page, include?: string): Promise<string> {
  // A colour caught mid-transition (a button turning enabled as data arrives) is not the colour users read.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  // Legacy mode runs axe.run in the page itself. The default mode finishes every run in a new blank
  // page with axe injected again, which cost 1-2 s a scan (0.6-1.9 s against 1.5-4 s here, same
  // results); our pages have no frames, the case that mode is for.
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] });
  // One pass, the exceptions taken out afterwards: a second axe run for target-size alone cost as
  // much as the first (2-3 s on a data-heavy page).
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  const kept = await Promise.all(violations.map(async (violation) => (violation.id === 'target-size' ? { ...violation, nodes: await outsideExceptions(page, violation.nodes) } : violation)));
  return kept
    .filter((violation) => violation.nodes.length > 0)
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

/** The nodes that match none of TARGET_SIZE_EXCEPTIONS; a node in a frame is kept, as the exceptions name none. */
async function outsideExceptions(page: Page, nodes: NodeResult[]): Promise<NodeResult[]> {
  const excepted = await page.evaluate(
    ({ targets, exceptions }) => targets.map((target) => target.length === 1 && exceptions.some((selector) => document.querySelector(target[0] ?? '')?.matches(selector) === true)),
    { targets: nodes.map((node) => node.target.map(String)), exceptions: TARGET_SIZE_EXCEPTIONS },
  );
  return nodes.filter((_, index) => !excepted[index]);
}
