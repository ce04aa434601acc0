// The photos feature as other features see it: checking and re-encoding a photo, storing it (and
// removing it again when the write that needed it fails), and where stored photos live (a local folder
// or a bucket).
export {
  photoNames,
  photoUrls,
  processPhoto,
  removePhoto,
  withStoredPhoto,
  withStoredPhotos,
  type ProcessedPhoto,
} from './photo-pipeline.ts';
export { isPhotoName, isStorageFull, localPhotoStorage, type PhotoStorage } from './photo-storage.ts';
export { localPhotoFolder, photoStorageFromConfig } from './configured-photo-storage.ts';
export { photoRefusals } from './photo-refusals.ts';
