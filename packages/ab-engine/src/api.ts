import type { AbTestGroup } from '@wingmate/api-contract';
import type { AbTestAssignment } from './merge';

export interface AbTestListQuery {
  /** Sent when anonymous (docs/product.md#analytics-calls); a member is known by the token the adapter sends. */
  readonly uid?: string;
  readonly group: AbTestGroup;
}

export interface AbTestCreateInput {
  readonly name: string;
  readonly value: string;
  readonly uid: string;
  readonly group: AbTestGroup;
}

/**
 * The server side of the engine: `GET` and `POST /api/v1/analytics/abtest/`
 * (docs/decisions.md#ab-engine-packagesab-engine). The web wires it to core-sdk; the adapter answers a 404 on `list`
 * with an empty list, and lets the 409 `EXISTED_ABTEST` reject.
 */
export interface AbTestApi {
  list(query: AbTestListQuery): Promise<readonly AbTestAssignment[]>;
  create(input: AbTestCreateInput): Promise<unknown>;
}
