// Compiled by `tsc` (the package's typecheck): it fails to compile while any SDK
// method lacks a last `{ signal }` argument (every SDK call takes an AbortSignal:
// docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
import type { WingmateClient } from '../client';

type Last<F> = F extends (...args: infer A) => unknown
  ? Required<A> extends [...unknown[], infer L]
    ? L
    : never
  : never;
type TakesSignal<F> = [Last<F>] extends [never]
  ? false
  : 'signal' extends keyof NonNullable<Last<F>>
    ? true
    : false;

type Resources = Omit<WingmateClient, 'session' | 'plans' | 'visitorId' | 'outcomes'>;

/** The methods, as `resource.method`, whose last argument has no `signal`. */
export type MethodsWithoutSignal = {
  [R in keyof Resources]: {
    [M in keyof Resources[R]]: TakesSignal<Resources[R][M]> extends true
      ? never
      : `${R & string}.${M & string}`;
  }[keyof Resources[R]];
}[keyof Resources];

export const everyCallTakesASignal: [MethodsWithoutSignal] extends [never] ? true : MethodsWithoutSignal =
  true;
