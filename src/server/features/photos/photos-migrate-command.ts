// `npm run photos:migrate [-- --from <folder>]` (scripts/photos-migrate.ts runs this): copies the photo
// folder (DATA_DIR/photos unless --from names another) into the bucket S3_BUCKET names, before or after
// switching a server to it. Safe to run again: photos already in the bucket with the same size are
// skipped, so a run cut short is finished by the next one. The folder is left as it was.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { localPhotoFolder } from './configured-photo-storage.ts';
import { copyPhotos } from './photo-copy.ts';
import { localPhotoStorage } from './photo-storage.ts';
import { s3PhotoStorage } from './s3-photo-storage.ts';

const usage = 'Usage: S3_BUCKET=<bucket> [S3_ENDPOINT=...] npm run photos:migrate [-- --from <photo folder>]';

export interface CommandIo {
  args: string[];
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  error(line: string): void;
}

/** Runs the command; answers the exit code (0 done, 1 failed, 2 nothing to do with these settings). */
export async function photosMigrate({ args, env, out, error }: CommandIo): Promise<number> {
  try {
    const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
    const config = loadConfig(env);
    if (!config.s3) {
      error(`S3_BUCKET is not set: there is no bucket to copy the photos into.\n${usage}`);
      return 2;
    }
    const folder = path.resolve(values.from ?? localPhotoFolder(config.dataDir));
    if (!fs.existsSync(folder)) {
      error(`There is no photo folder at ${folder}.\n${usage}`);
      return 2;
    }
    const bucket = s3PhotoStorage(config.s3);
    try {
      out(`Copying the photos in ${folder} into ${bucket.location} ...`);
      let copied = 0;
      const result = await copyPhotos(localPhotoStorage(folder), bucket, () => {
        copied++;
        if (copied % 500 === 0) out(`  ${copied} copied so far`);
      });
      out(
        `Copied ${result.copied} photo files into ${bucket.location}; ${result.alreadyThere} were already there with the same size.`,
      );
      if (result.notPhotos.length > 0) {
        const shown = result.notPhotos.slice(0, 10).join(', ');
        const more = result.notPhotos.length > 10 ? ` and ${result.notPhotos.length - 10} more` : '';
        out(`Left out ${result.notPhotos.length} files that are not photos: ${shown}${more}.`);
      }
      return 0;
    } finally {
      bucket.destroy();
    }
  } catch (failure) {
    if (failure instanceof ConfigError) {
      error(failure.message);
    } else {
      const { name, message } = failure as Error;
      error(`The copy stopped: ${name}: ${message}`);
      error('What was copied stays in the bucket; run npm run photos:migrate again to copy the rest.');
    }
    return 1;
  }
}
