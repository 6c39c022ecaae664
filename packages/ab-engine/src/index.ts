export type { AbTestApi, AbTestCreateInput, AbTestListQuery } from './api';
export { AB_SET_RETRY_MS, AB_TESTS_STORAGE_KEY } from './constants';
export {
  createAbEngine,
  type AbAccountState,
  type AbEngine,
  type AbEngineOptions,
  type AbEngineState,
  type AbEngineStatus,
  type RouteFlag,
} from './engine';
export { AbTestError, isAbTestError, isExistedAbTestResponse, type AbTestErrorCode } from './errors';
export { mergeAssignments, type AbTestAssignment, type Assignments, type MergedAssignments } from './merge';
export { browserAbTestStorage, type AbTestStorage } from './persistence';
export { pickVariant } from './pick-variant';
export type { Listener, ReadonlyStore } from './store';
export {
  defaultAbTestGroups,
  defaultAbTests,
  type AbTestGroupsConfig,
  type AbTestSpec,
  type AbTestsConfig,
} from './tests-config';
