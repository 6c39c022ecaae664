import type { BrowserContext, Page } from 'playwright-core';

/** A `securitypolicyviolation` the page reported, or a console line about the policy. */
export interface PolicyViolation {
  readonly directive: string;
  readonly blocked: string;
}

declare global {
  interface Window {
    __policyViolations?: PolicyViolation[];
  }
}

/** Records, in every page of `context` from its first script on, each Content-Security-Policy violation. */
export async function recordPolicyViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__policyViolations?.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
}

/** The violations `page` reported, with the console's lines that name the policy. */
export function policyViolationsOf(page: Page, consoleLines: readonly string[]): Promise<PolicyViolation[]> {
  const logged = consoleLines
    .filter((line) => line.includes('Content Security Policy'))
    .map((line) => ({ directive: 'console', blocked: line }));
  return page.evaluate((fromConsole) => [...(window.__policyViolations ?? []), ...fromConsole], logged);
}
