export { systemClock, type Clock } from './ports/clock';
export { consoleLogger, silentLogger, type Logger } from './ports/logger';
export {
  cookieStorage,
  memoryStorage,
  safeStorage,
  webStorage,
  type CookieOptions,
  type KeyValueStorage,
} from './ports/storage';
export { storedVisitorId, VISITOR_ID_KEY, type VisitorId } from './ports/visitor-id';
