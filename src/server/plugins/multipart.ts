// Reads a multipart form within the photo limits: text fields by name, files by field name. Each route
// says which file fields it takes and how many of each; any other file, or one too many, is refused
// as soon as its part begins. Files stream to a temporary folder while they arrive (a slow phone
// upload holds no memory), and only the accepted ones are read back once the form is complete.
// A body that is not a readable form (no boundary, the wrong one, cut short) is a bad request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { messages } from '#shared/domain/messages.ts';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors.ts';
import { containsNul, NUL_MESSAGE } from './input-guard.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
}

/** The file fields a route takes, each with how many files it may carry. */
export type FileFields = Readonly<Record<string, { readonly max: number }>>;

export const multipartLimits = {
  fileSize: MAX_PHOTO_BYTES,
  files: 10,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 40,
};

/**
 * Each form's files go to a folder of its own under the system's temporary folder, named with this
 * prefix; the folder is removed when the form has been read, and one a crash left behind is removed
 * by the photo sweep (removeOldUploadFolders).
 */
const UPLOAD_FOLDER_PREFIX = 'cue-upload-';

/**
 * Removes upload folders under `parent` last changed before `before` (milliseconds since 1970). Other
 * server processes on the machine (a second instance, a test run) share the temporary folder, so only
 * a folder far older than any upload can last is taken; anything not named as an upload folder is left.
 */
export async function removeOldUploadFolders(parent: string, before: number): Promise<number> {
  let removed = 0;
  for (const entry of await fs.promises.readdir(parent, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(UPLOAD_FOLDER_PREFIX)) continue;
    const folder = path.join(parent, entry.name);
    const stat = await fs.promises.stat(folder).catch(() => null);
    if (!stat || stat.mtimeMs >= before) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

const UNREADABLE_FORM_MESSAGE =
  'The form could not be read: it was not a complete multipart form (multipart/form-data). Please try again.';

const fileTooLarge = () =>
  new PayloadTooLargeError(messages.report.fileTooLarge, { title: messages.report.fileTooLargeTitle });

export async function readMultipart(request: FastifyRequest, accepted: FileFields): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new ValidationError('Send the report as a multipart form (multipart/form-data).');
  }
  const fields: Record<string, string> = {};
  const stored: Record<string, string[]> = {};
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), UPLOAD_FOLDER_PREFIX));
  try {
    let n = 0;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const limit = accepted[part.fieldname];
        if (!limit) throw new ValidationError(`This form takes no file called '${part.fieldname}'.`);
        const list = (stored[part.fieldname] ??= []);
        if (list.length >= limit.max) {
          throw new PayloadTooLargeError(
            `At most ${limit.max} ${limit.max === 1 ? 'file' : 'files'} may be sent as '${part.fieldname}'.`,
          );
        }
        const file = path.join(folder, String(n++));
        await pipeline(part.file, fs.createWriteStream(file));
        if (part.file.truncated) throw fileTooLarge();
        // An empty file input is "no file chosen".
        if ((await fs.promises.stat(file)).size > 0) list.push(file);
      } else if (typeof part.value === 'string') {
        if (containsNul(part.value)) throw new ValidationError(NUL_MESSAGE);
        fields[part.fieldname] = part.value;
      }
    }
    const files: Record<string, Buffer[]> = {};
    for (const [name, paths] of Object.entries(stored)) {
      if (paths.length > 0) files[name] = await Promise.all(paths.map((file) => fs.promises.readFile(file)));
    }
    return { fields, files };
  } catch (error) {
    throw asRequestError(error);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** What went wrong reading a form, as the client's mistake it is; our own failures pass unchanged. */
function asRequestError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new PayloadTooLargeError('The form has too many parts.');
  }
  // The system's own failures (a full disk, say) are ours, not the client's.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  if (typeof statusCode === 'number' && statusCode >= 500) return error;
  return new ValidationError(UNREADABLE_FORM_MESSAGE);
}
