import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The rules whose result depends on the colours, not the document: in a page's second colour scheme only these can
 * find anything new, since the scheme changes colours and nothing else.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules and best practices, or only `rules`) and returns its
 * violations.
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<AxeViolation[]> {
  // Evaluated, not added as a <script>: the production start's Content-Security-Policy refuses inline scripts it
  // did not hash, and the test's own code must not need the page to allow them.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, rules ?? null);
}

/** One line per failing element, readable in a test failure. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
      ),
    )
    .join('\n');
}

/**
 * Fails the test with every axe violation on the page (of `rules` only, when given), `what` naming the page and
 * state in the message.
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  rules?: readonly string[],
): Promise<void> {
  expect(`${what}:\n${describeViolations(await axeViolations(page, rules))}`).toBe(`${what}:\n`);
}
