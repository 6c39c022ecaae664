import type { Http } from '../http/pipeline';
import type { VisitorId } from '../ports/visitor-id';
import type { Session } from '../session/session';

/** What every resource is built from. */
export interface ResourceDeps {
  http: Http;
  visitorId: VisitorId;
  /** Whether an access token is held: optional-auth queries carry the uid only when none is (spec 7). */
  hasToken(): boolean;
}

export interface AuthResourceDeps extends ResourceDeps {
  session: Pick<Session, 'signIn' | 'rememberContact'>;
}

/** `uid` becomes optional: the resources fill in the visitor's (spec 7, optional-auth calls work by uid). */
export type WithOptionalUid<B> = B extends { uid: unknown } ? Omit<B, 'uid'> & { uid?: B['uid'] } : B;
