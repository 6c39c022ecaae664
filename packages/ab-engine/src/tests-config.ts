import {
  abTestDefinitions,
  abTestGroups,
  type AbTestGroup,
  type AbTestVariant,
} from '@wingmate/api-contract';

/** What the engine needs of one test: its name and its variants with relative weights. */
export interface AbTestSpec {
  readonly name: string;
  readonly variants: readonly AbTestVariant[];
}

/** Test name -> its spec. The default is api-contract's definitions, so client and server agree. */
export type AbTestsConfig = Readonly<Record<string, AbTestSpec>>;

/** Group -> the names of its tests (docs/product.md#ab-test-assignments). */
export type AbTestGroupsConfig = Readonly<Record<AbTestGroup, readonly string[]>>;

export const defaultAbTests: AbTestsConfig = abTestDefinitions;
export const defaultAbTestGroups: AbTestGroupsConfig = abTestGroups;

/** Fails fast on a configuration that could never assign a variant, rather than at a visitor's first page. */
export function assertValidConfig(tests: AbTestsConfig, groups: AbTestGroupsConfig): void {
  for (const [name, test] of Object.entries(tests)) {
    if (test.name !== name)
      throw new Error(`A/B test "${name}" is configured under another name ("${test.name}")`);
    if (test.variants.some((variant) => !(variant.weight >= 0) || !Number.isFinite(variant.weight))) {
      throw new Error(`A/B test "${name}" has a negative or non-numeric weight`);
    }
    if (!test.variants.some((variant) => variant.weight > 0)) {
      throw new Error(`A/B test "${name}" has no variant with a positive weight`);
    }
  }
  for (const [group, names] of Object.entries(groups)) {
    const unknown = names.filter((name) => !tests[name]);
    if (unknown.length > 0)
      throw new Error(`A/B group "${group}" names unknown tests: ${unknown.join(', ')}`);
  }
}

export function isVariantOf(test: AbTestSpec | undefined, value: unknown): value is string {
  return typeof value === 'string' && Boolean(test?.variants.some((variant) => variant.value === value));
}
