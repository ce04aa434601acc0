// `npm run photos:migrate [-- --from <folder>]`: copies a photo folder into the bucket S3_BUCKET names
// (see src/server/features/photos/photos-migrate-command.ts).
import { photosMigrate } from '#server/features/photos/photos-migrate-command.ts';

process.exit(
  await photosMigrate({
    args: process.argv.slice(2),
    env: process.env,
    out: (line) => console.log(line),
    error: (line) => console.error(line),
  }),
);
