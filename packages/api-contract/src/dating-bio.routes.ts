import { defineRoutes } from './route';

/** Method, path and auth mode of each datingBio operation, with no schema code; `./dating-bio.ts` spreads them. */
export const datingBioRoutes = defineRoutes('datingBio', {
  createDatingBio: ['POST', '/api/v1/accounts/dating_bio/', 'optional'],
  getDatingBio: ['GET', '/api/v1/accounts/dating_bio/{uid}/', 'optional'],
  uploadDatingBioImage: ['POST', '/api/v1/accounts/dating_bio/{uid}/images/create/', 'optional'],
  listDatingBioImages: ['GET', '/api/v1/accounts/dating_bio/{uid}/images/', 'optional'],
  deleteDatingBioImage: ['POST', '/api/v1/accounts/dating_bio/{uid}/image/{id}/delete/', 'optional'],
  listImageReviews: ['GET', '/api/v1/accounts/dating_bio/{uid}/image_review/', 'optional'],
  createImageReview: ['GET', '/api/v1/accounts/dating_bio/{uid}/image_review/create/', 'optional'],
  followUpImageReview: [
    'POST',
    '/api/v1/accounts/dating_bio/{uid}/image_review/generate/create/',
    'optional',
  ],
  generateDatingBio: ['POST', '/api/v1/accounts/dating_bio/{uid}/{id}/generate/', 'optional'],
  updateDatingBio: ['POST', '/api/v1/accounts/dating_bio/{uid}/{id}/update/', 'optional'],
  rewriteDatingBio: ['POST', '/api/v1/accounts/dating_bio/{uid}/{id}/generate/create/', 'optional'],
});
