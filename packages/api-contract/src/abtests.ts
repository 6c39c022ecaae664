/**
 * The A/B tests (docs/product.md#ab-test-assignments), defined once here for the client (which picks variants) and
 * the server (which rejects unknown names and values).
 */
export interface AbTestVariant {
  readonly value: string;
  /** Relative weight; the weights of one test need not add up to anything in particular. */
  readonly weight: number;
}

export interface AbTestDefinition {
  readonly name: string;
  readonly description: string;
  readonly variants: readonly AbTestVariant[];
}

export const abTestDefinitions = {
  abtest_homepage: {
    name: 'abtest_homepage',
    description: 'control, or chat_first: the landing page opens on the chat box',
    variants: [
      { value: 'control', weight: 50 },
      { value: 'chat_first', weight: 50 },
    ],
  },
  abtest_verification: {
    name: 'abtest_verification',
    description: 'control: PIN before chatting, or after_free: PIN after the free messages',
    variants: [
      { value: 'control', weight: 50 },
      { value: 'after_free', weight: 50 },
    ],
  },
  abtest_redirect: {
    name: 'abtest_redirect',
    description: 'where a new member lands: pricing or chat',
    variants: [
      { value: 'pricing', weight: 50 },
      { value: 'chat', weight: 50 },
    ],
  },
  abtest_offer: {
    name: 'abtest_offer',
    description: 'control, or trial: free-trial plans first',
    variants: [
      { value: 'control', weight: 50 },
      { value: 'trial', weight: 50 },
    ],
  },
} as const satisfies Record<string, AbTestDefinition>;

export type AbTestName = keyof typeof abTestDefinitions;

/** `member` = the account-state flag `is_member` is true (docs/decisions.md#auth-appsapi). */
export type AbTestGroup = 'visitor' | 'member';

/** The tests of each group (docs/product.md#ab-test-assignments). */
export const abTestGroups = {
  visitor: ['abtest_homepage', 'abtest_verification'],
  member: ['abtest_homepage', 'abtest_redirect', 'abtest_offer'],
} as const satisfies Record<AbTestGroup, readonly AbTestName[]>;

export function isKnownAbTestValue(name: string, value: string): boolean {
  const definition = (abTestDefinitions as Record<string, AbTestDefinition>)[name];
  return Boolean(definition?.variants.some((variant) => variant.value === value));
}
