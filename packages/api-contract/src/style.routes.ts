import { defineRoutes } from './route';

/** Method, path and auth mode of each style and suggestions operation, with no schema code; `./style.ts` spreads them. */
export const styleRoutes = defineRoutes('style', {
  getStyle: ['GET', '/api/v1/style/', 'optional'],
  addStyleSamples: ['POST', '/api/v1/style/samples/', 'optional'],
  updateStyleProfile: ['PUT', '/api/v1/style/profile/', 'optional'],
  deleteStyle: ['DELETE', '/api/v1/style/', 'optional'],
  markSuggestion: ['POST', '/api/v1/suggestions/{id}/outcome/', 'optional'],
  getWhatWorks: ['GET', '/api/v1/suggestions/what-works/', 'optional'],
});
