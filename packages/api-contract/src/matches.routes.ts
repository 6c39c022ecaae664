import { defineRoutes } from './route';

/** Method, path and auth mode of each matches operation, with no schema code; `./matches.ts` spreads them. */
export const matchRoutes = defineRoutes('matches', {
  listMatches: ['GET', '/api/v1/matches/', 'optional'],
  createMatch: ['POST', '/api/v1/matches/', 'optional'],
  getMatch: ['GET', '/api/v1/matches/{id}/', 'optional'],
  updateMatch: ['PUT', '/api/v1/matches/{id}/', 'optional'],
  deleteMatch: ['DELETE', '/api/v1/matches/{id}/', 'optional'],
  uploadMatchPhoto: ['POST', '/api/v1/matches/{id}/photos/', 'optional'],
  deleteMatchPhoto: ['DELETE', '/api/v1/matches/{id}/photos/{photoId}/', 'optional'],
  listMatchLines: ['GET', '/api/v1/matches/{id}/lines/', 'optional'],
  addMatchLines: ['POST', '/api/v1/matches/{id}/lines/', 'optional'],
  updateMatchLine: ['PUT', '/api/v1/matches/{id}/lines/{lineId}/', 'optional'],
  deleteMatchLine: ['DELETE', '/api/v1/matches/{id}/lines/{lineId}/', 'optional'],
  createMatchMemoryFact: ['POST', '/api/v1/matches/{id}/memory/', 'optional'],
  updateMatchMemoryFact: ['PUT', '/api/v1/matches/{id}/memory/{factId}/', 'optional'],
  deleteMatchMemoryFact: ['DELETE', '/api/v1/matches/{id}/memory/{factId}/', 'optional'],
  getMatchChat: ['GET', '/api/v1/matches/{id}/chat/', 'optional'],
  sendMatchChatMessage: ['POST', '/api/v1/matches/{id}/chat/', 'optional'],
  suggestMatchReplies: ['POST', '/api/v1/matches/{id}/replies/', 'optional'],
  createMatchImport: ['POST', '/api/v1/matches/{id}/imports/', 'optional'],
  getMatchImport: ['GET', '/api/v1/matches/{id}/imports/{importId}/', 'optional'],
  uploadMatchScreenshot: ['POST', '/api/v1/matches/{id}/imports/{importId}/screenshots/', 'optional'],
});
