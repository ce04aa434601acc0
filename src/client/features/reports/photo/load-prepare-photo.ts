// The report form's door to photo preparation: it stays out of the home page's first download
// (exifr is large) and is fetched after the page has loaded, before a photo is chosen. The worker that
// draws and encodes the photo is started, and so fetched, only when a photo is prepared; without it
// (offline before it was cached, a browser without OffscreenCanvas) this module does the work itself.
import { onDemand } from '#client/lib/on-demand.ts';
import type { PreparedPhoto } from './prepare-photo.ts';

export type { PreparedPhoto };

const load = onDemand(() => import('./prepare-photo.ts'));

/** Fetches the module ahead of need, so it is there even if the signal drops before a photo is chosen. */
export function warmPhotoPreparation(): void {
  load().catch(() => undefined);
}

/** The photo to upload: shrunk with its GPS read, or the original when the module could not be loaded. */
export function preparePhotoForUpload(file: File): Promise<PreparedPhoto> {
  // Offline before the module came: the original goes, and the server reads its GPS itself.
  return load().then(
    (module) => module.preparePhoto(file),
    () => ({ blob: file, name: file.name || 'photo.jpg', gps: null }),
  );
}
