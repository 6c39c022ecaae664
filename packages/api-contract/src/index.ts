export {
  defineOperation,
  fillPath,
  toColonPath,
  type AuthMode,
  type HttpMethod,
  type Operation,
  type OperationBody,
  type OperationGroup,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
  type SuccessStatus,
} from './operation';
export {
  abTestDefinitions,
  abTestGroups,
  isKnownAbTestValue,
  type AbTestDefinition,
  type AbTestGroup,
  type AbTestName,
  type AbTestVariant,
} from './abtests';
