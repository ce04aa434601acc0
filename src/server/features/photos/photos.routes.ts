// Serves stored photos at /photos/<name>, from the local folder or the bucket alike: the app streams
// the bytes itself (docs/decisions/094), so a photo keeps one address whichever storage holds it. Names are
// random and never reused, but a photo can be taken away (blurred under a new name, or erased), so
// caches keep it only on condition of asking again (PHOTO_CACHE_CONTROL); the question is answered
// 304 while the photo is there and 404 once it is gone. nosniff (set for every response) keeps a
// browser from treating one as anything but an image.
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors.ts';
import { matchesEtag } from '#server/http/conditional-get.ts';
import {
  isPhotoName,
  PHOTO_CACHE_CONTROL,
  photoContentType,
  type PhotoStorage,
  type PhotoStream,
} from './photo-storage.ts';

/** What a photo request hears while the storage (a bucket, a disk) does not answer. */
const PHOTOS_UNAVAILABLE_MESSAGE = 'Photos cannot be shown just now. Please try again in a moment.';

export async function photosRoutes(app: FastifyInstance, { storage }: { storage: PhotoStorage }) {
  app.get<{ Params: { name: string } }>('/photos/:name', async (request, reply) => {
    const { name } = request.params;
    let photo: PhotoStream | null;
    try {
      photo = isPhotoName(name) ? await storage.open(name) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'photo storage did not answer');
      throw new AppError(503, PHOTOS_UNAVAILABLE_MESSAGE, { headers: { 'Retry-After': '5' } });
    }
    if (!photo) return reply.callNotFound();
    void reply
      .header('Cache-Control', PHOTO_CACHE_CONTROL)
      .header('ETag', photo.etag)
      .header('Last-Modified', photo.modifiedAt.toUTCString());
    if (matchesEtag(request.headers['if-none-match'], photo.etag)) {
      photo.body.destroy();
      return reply.status(304).send();
    }
    return reply.type(photoContentType(name)).header('Content-Length', photo.size).send(photo.body);
  });
}
