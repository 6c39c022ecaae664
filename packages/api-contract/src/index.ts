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
