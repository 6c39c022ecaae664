import type { AuthMode, HttpMethod, OperationGroup } from './operation';

/**
 * Where an operation is sent and who may call it, with no schema code (ts-rest's router, without the schemas):
 * the SDK builds its calls from these, and each operation of `./operations` spreads its own.
 */
export interface Route {
  readonly id: string;
  readonly group: OperationGroup;
  readonly method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders and the trailing slash of docs/product.md#calls. */
  readonly path: string;
  readonly auth: AuthMode;
}

/** One row of a group's table: `[method, path, auth]`, keyed by operation id. */
export type RouteRow = readonly [method: HttpMethod, path: string, auth: AuthMode];

export type RoutesOf<G extends OperationGroup, T extends Readonly<Record<string, RouteRow>>> = {
  readonly [K in keyof T & string]: {
    readonly id: K;
    readonly group: G;
    readonly method: T[K][0];
    readonly path: T[K][1];
    readonly auth: T[K][2];
  };
};

/** A group's routes, keyed by operation id, each a `{id, group, method, path, auth}` object. */
export function defineRoutes<
  const G extends OperationGroup,
  const T extends Readonly<Record<string, RouteRow>>,
>(group: G, rows: T): RoutesOf<G, T> {
  const entries = Object.entries(rows).map(([id, [method, path, auth]]) => [
    id,
    { id, group, method, path, auth },
  ]);
  return Object.fromEntries(entries) as RoutesOf<G, T>;
}
