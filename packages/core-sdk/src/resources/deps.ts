import type { Call } from '../http/operation';
import type { VisitorId } from '../ports/visitor-id';
import type { Session } from '../session/session';

/** What every resource is built from. */
export interface ResourceDeps {
  call: Call;
  visitorId: VisitorId;
  /**
   * Whether an access token is held: optional-auth queries carry the uid only when none is
   * (docs/decisions.md#core-sdk).
   */
  hasToken: () => boolean;
}

export interface AuthResourceDeps extends ResourceDeps {
  session: Pick<Session, 'signIn' | 'rememberContact'>;
}

export interface AccountResourceDeps extends ResourceDeps {
  session: Pick<Session, 'forget'>;
}

/**
 * `uid` becomes optional: the resources fill in the visitor's (optional-auth calls work by uid:
 * docs/decisions.md#core-sdk).
 */
export type WithOptionalUid<B> = B extends { uid: unknown } ? Omit<B, 'uid'> & { uid?: B['uid'] } : B;
