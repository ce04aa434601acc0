// Serves stored photos at /photos/<name>. Names are random and never reused, so a photo is cached for
// a year; nosniff (set for every response) keeps a browser from treating one as anything but an image.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PhotoStorage } from './photo-storage.ts';

export async function photosRoutes(app: FastifyInstance, { storage }: { storage: PhotoStorage }) {
  await app.register(fastifyStatic, {
    root: storage.directory,
    prefix: '/photos/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
