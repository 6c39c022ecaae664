import type { CallOptions } from '../http/operation';
import type { ResourceDeps } from './deps';

export function systemResource({ call }: Pick<ResourceDeps, 'call'>) {
  return {
    /** Liveness: the server answers and reaches its database; a 503 rejects with the server's answer. */
    healthz: (options?: CallOptions) => call('healthz', options),
  };
}

export type SystemResource = ReturnType<typeof systemResource>;
