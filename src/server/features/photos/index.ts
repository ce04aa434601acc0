// The photos feature as other features see it: checking and re-encoding a photo, storing it (and
// removing it again when the write that needed it fails), and where stored photos live.
export {
  photoNames,
  photoUrls,
  processPhoto,
  removePhoto,
  storePhoto,
  withStoredPhoto,
  withStoredPhotos,
  type ProcessedPhoto,
} from './photo-pipeline.ts';
export { localPhotoStorage, type PhotoStorage } from './photo-storage.ts';
