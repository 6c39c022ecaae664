import { operations, type OperationId } from '@wingmate/api-contract';

/**
 * The fake-transport key of an operation (`'POST /api/v1/accounts/messages/3/read/'`), from the contract: its
 * method and path with the path parameters filled in.
 */
export function operationKey(id: OperationId, params: Record<string, string | number> = {}): string {
  const { method, path } = operations[id];
  return `${method} ${path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))}`;
}
