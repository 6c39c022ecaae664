import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '@wingmate/runtime';
import type { AiModel } from '../../adapters/ai/ports';
import { DatingBios } from '../../services/dating-bio/bios';
import { BioPhotos } from '../../services/dating-bio/photos';
import { PhotoReviews } from '../../services/dating-bio/reviews';

/** The services of `dating_bio/...`: bios, their photos and the photos' reviews. */
export interface DatingBioServices {
  readonly bios: DatingBios;
  readonly photos: BioPhotos;
  readonly reviews: PhotoReviews;
}

declare module 'fastify' {
  interface FastifyInstance {
    datingBio: DatingBioServices;
  }
}

/** Dating bio's services, built once for the routes (after uploads: photos are stored through it). */
export const datingBioPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: { ai: AiModel; clock: Clock }) => {
    const db = app.database.db;
    const photos = new BioPhotos(db, app.uploadStorage);
    const services: DatingBioServices = {
      bios: new DatingBios(db, options.ai, options.clock),
      photos,
      reviews: new PhotoReviews(db, options.ai, photos),
    };
    app.decorate('datingBio', services);
  },
  { name: 'dating-bio', dependencies: ['database', 'uploads'] },
);
