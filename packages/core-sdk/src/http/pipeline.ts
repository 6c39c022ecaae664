import axios, { type AxiosAdapter, type AxiosProgressEvent, type ResponseType } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkOrIdempotentRequestError } from 'axios-retry';
import type { AuthMode, HttpMethod } from '@wingmate/api-contract';
import { SESSION_MODE_HEADER, type SessionMode } from '@wingmate/api-contract/routes';
import { fillPath } from '@wingmate/api-contract/paths';
import type { Sleep } from '@wingmate/runtime';
import { ApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import type { LockPort } from '../ports/lock';
import { authorizationHeader, type TokenStore } from '../session/tokens';
import { toApiError, type FailureMessage } from './error-mapping';
import { isByteStream, readText } from './event-stream';
import { createTokenRefresher, type RefreshAnswer } from './token-refresh';

/**
 * Up to 5 retries with exponential delay, on network errors and idempotent requests
 * (docs/product.md#constants-and-limits).
 */
export const HTTP_RETRIES = 5;

export interface UploadProgress {
  loaded: number;
  total?: number;
  /** 0 to 1, when the total is known. */
  fraction?: number;
}

export interface HttpRequest<T = unknown> {
  method: HttpMethod;
  /** The operation's path, `{param}` placeholders included. */
  path: string;
  auth: AuthMode;
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  body?: unknown;
  timeout?: number;
  onUploadProgress?: (progress: UploadProgress) => void;
  responseType?: ResponseType;
  /** Where this operation's failure message differs from the generic reading (docs/product.md#error-catalogue). */
  failureMessage?: FailureMessage;
  /**
   * Statuses this operation takes as success with a stand-in result (a 404 list is an empty page:
   * docs/product.md#lists-page-by-page).
   */
  fallback?: { statuses: readonly number[]; value: () => T };
  /**
   * Cancels the call: a screen that closes cancels its stream or its upload
   * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
   */
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`, the same on every retry, so the server runs one intent once
   * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
   */
  idempotencyKey?: string;
  /** false: the transport never retries it (a retried token refresh spends the rotated token twice). */
  retry?: boolean;
  /**
   * The access token to send instead of the stored one, whatever the auth mode (a logout naming the session
   * it ends, a login link checked before it is kept); a refusal is this call's alone: nothing is refreshed or
   * cleared.
   */
  credential?: string;
}

export interface Http {
  request<T>(request: HttpRequest<T>): Promise<T>;
}

export interface HttpDeps {
  baseURL: string;
  tokens: TokenStore;
  lock: LockPort;
  sleep: Sleep;
  /** Sends the refresh call; given by the client so the call has one definition (the auth resource's). */
  requestRefresh: (refresh: string | undefined) => Promise<RefreshAnswer>;
  adapter?: AxiosAdapter;
}

/** The detail "Authentication credentials were not provided." clears the tokens (docs/product.md#error-catalogue). */
function isNoCredentials(error: ApiError): boolean {
  return (error.data as { detail?: unknown } | null)?.detail === errorMessages.noCredentials;
}

/**
 * 401, 498 or `token_not_valid` mean the access token is stale: refresh once, then retry
 * (docs/product.md#sessions-and-tokens).
 */
function isStaleToken(error: ApiError): boolean {
  return error.status === 401 || error.status === 498 || error.code === 'token_not_valid';
}

/**
 * Cookie mode rides on the calls that start, renew or end a session, all POSTs: they ask for it and carry the
 * browser's cookies (the API may be another origin), so the HttpOnly refresh cookie is set, sent and cleared.
 * GETs stay simple requests, with no preflight of their own (docs/decisions.md#sessions-in-the-browser).
 */
function sessionModeOptions(sessionMode: SessionMode, method: HttpMethod) {
  if (sessionMode !== 'cookie' || method === 'GET') return { headers: {}, withCredentials: undefined };
  return { headers: { [SESSION_MODE_HEADER]: 'cookie' }, withCredentials: true };
}

export function createHttp({ baseURL, tokens, lock, sleep, requestRefresh, adapter }: HttpDeps): Http {
  // No XSRF cookie is read: the API authenticates by the Authorization header, never a cookie session, and in a
  // browser with the Cookie Store API axios otherwise awaits `cookieStore.get` before sending each same-origin call.
  const instance = axios.create({
    baseURL,
    adapter,
    headers: { Accept: 'application/json' },
    withXSRFToken: false,
  });
  axiosRetry(instance, {
    retries: HTTP_RETRIES,
    retryDelay: exponentialDelay,
    retryCondition: isNetworkOrIdempotentRequestError,
  });
  const refresher = createTokenRefresher({ tokens, lock, sleep, requestRefresh });

  async function send<T>(request: HttpRequest<T>, access: string | null): Promise<T> {
    const { onUploadProgress } = request;
    const streamed = request.responseType === 'stream';
    const sessionMode = sessionModeOptions(tokens.sessionMode, request.method);
    try {
      const response = await instance.request<T>({
        method: request.method,
        url: fillPath(request.path, request.params),
        params: request.query,
        data: request.body,
        headers: {
          ...(access && { Authorization: authorizationHeader(access) }),
          ...(request.idempotencyKey && { 'Idempotency-Key': request.idempotencyKey }),
          ...sessionMode.headers,
        },
        withCredentials: sessionMode.withCredentials,
        signal: request.signal,
        'axios-retry': request.retry === false ? { retries: 0 } : undefined,
        timeout: request.timeout,
        responseType: request.responseType,
        // Browsers stream a response body only through fetch; XHR, axios's default there, cannot.
        adapter: streamed && !adapter ? 'fetch' : undefined,
        onUploadProgress: onUploadProgress
          ? ({ loaded, total, progress }: AxiosProgressEvent) =>
              onUploadProgress({ loaded, total, fraction: progress })
          : undefined,
      });
      return response.data;
    } catch (error) {
      // A failure of a streamed call still answers JSON: read it so the error is mapped like any other.
      if (streamed && axios.isAxiosError(error) && error.response && isByteStream(error.response.data)) {
        error.response.data = await readText(error.response.data);
      }
      throw error;
    }
  }

  function settle<T>(request: HttpRequest<T>, error: ApiError): T {
    if (isNoCredentials(error)) tokens.clear();
    if (request.fallback?.statuses.includes(error.status)) return request.fallback.value();
    throw error;
  }

  async function sendWithCredential<T>(request: HttpRequest<T>, credential: string): Promise<T> {
    try {
      return await send(request, credential);
    } catch (cause) {
      const error = toApiError(cause, request.failureMessage);
      if (request.fallback?.statuses.includes(error.status)) return request.fallback.value();
      throw error;
    }
  }

  async function accessFor(auth: AuthMode): Promise<string | null> {
    if (auth === 'public') return null;
    // Requests made while a refresh runs wait for it (docs/product.md#sessions-and-tokens).
    await refresher.settled();
    const access = tokens.access();
    if (auth === 'required' && !access)
      throw new ApiError({ status: 403, message: errorMessages.noCredentials });
    return access;
  }

  return {
    async request<T>(request: HttpRequest<T>): Promise<T> {
      if (request.credential !== undefined) return sendWithCredential(request, request.credential);
      const access = await accessFor(request.auth);
      try {
        return await send(request, access);
      } catch (cause) {
        const error = toApiError(cause, request.failureMessage);
        if (!access || isNoCredentials(error) || !isStaleToken(error)) return settle(request, error);
        const fresh = await refresher.refresh(access);
        try {
          return await send(request, fresh);
        } catch (retryCause) {
          return settle(request, toApiError(retryCause, request.failureMessage));
        }
      }
    },
  };
}
