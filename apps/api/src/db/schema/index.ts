// The database schema, one file a domain; drizzle-kit reads this index (drizzle.config.ts) and code imports
// '../db/schema' as before.
export * from './abtests';
export * from './account';
export * from './attribution';
export * from './auth';
export * from './chat';
export * from './dating-bio';
export * from './images';
export * from './matches';
export * from './memberships';
export * from './messaging';
export * from './metering';
export * from './profile';
export * from './shared';
export * from './sms';
export * from './style';
export * from './visitors';
