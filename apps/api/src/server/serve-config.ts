/**
 * The production start (`npm run serve`, docs/decisions.md#production-start-and-throughput): processes, the built web
 * app, request logs.
 */
export interface ServeConfig {
  /** `WEB_CONCURRENCY`: worker processes on Postgres; 0 (default) = one per core in production, 1 elsewhere. */
  readonly workers: number;
  /** `WEB_APP_DIR`: the built web app served from the API's port; production defaults to `apps/web/dist`. */
  readonly webAppDir: string | undefined;
  /** `LOG_REQUESTS`: one log line per request (default: on, except in production, where errors still log). */
  readonly logRequests: boolean;
  /**
   * `PUBLIC_API_URL` when it is set (the web app is served from the API's own address): the page's link previews
   * (og:url, og:image) point there; unset = at the origin each request came to (docs/web.md#install-and-link-previews).
   */
  readonly publicUrl?: string | undefined;
}
