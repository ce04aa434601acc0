// The photo storage the configuration asks for: the bucket named by S3_BUCKET, or DATA_DIR/photos.
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { localPhotoStorage, type PhotoStorage } from './photo-storage.ts';
import { s3PhotoStorage } from './s3-photo-storage.ts';

export function photoStorageFromConfig(config: Pick<Config, 'dataDir' | 's3'>): PhotoStorage {
  return config.s3 ? s3PhotoStorage(config.s3) : localPhotoStorage(localPhotoFolder(config.dataDir));
}

/** The folder photos are kept in without a bucket (and copied from by `npm run photos:migrate`). */
export const localPhotoFolder = (dataDir: string): string => path.join(dataDir, 'photos');
