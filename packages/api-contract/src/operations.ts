import { accountOperations } from './account';
import { analyticsOperations } from './analytics';
import { authOperations } from './auth';
import { chatOperations } from './chat';
import { datingBioOperations } from './dating-bio';
import { matchOperations } from './matches';
import { membershipOperations } from './memberships';
import type { Operation } from './operation';
import { styleOperations } from './style';
import { systemOperations } from './system';

/**
 * Every call of the API, keyed by operation id: the server registers its routes from this table and the SDK
 * takes its request and response types from it (`OperationBody<(typeof operations)['login']>`).
 */
export const operations = {
  ...systemOperations,
  ...authOperations,
  ...analyticsOperations,
  ...membershipOperations,
  ...accountOperations,
  ...datingBioOperations,
  ...chatOperations,
  ...matchOperations,
  ...styleOperations,
};

export type OperationId = keyof typeof operations;

export const operationList: readonly Operation[] = Object.values(operations);
