// Reads a multipart form into memory within the photo limits: text fields by name, files by field
// name. Files are at most 10 MB each (SPEC.md section 9), so buffering them is bounded.
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { messages } from '#shared/domain/messages.ts';
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import { containsNul, NUL_MESSAGE } from './input-guard.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
}

export const multipartLimits = {
  fileSize: MAX_PHOTO_BYTES,
  files: 10,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 40,
};

export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new ValidationError('Send the report as a multipart form (multipart/form-data).');
  }
  const form: MultipartForm = { fields: {}, files: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(messages.report.fileTooLarge, { title: messages.report.fileTooLargeTitle });
        }
        throw error;
      });
      if (!fileFields.includes(part.fieldname)) continue;
      if (data.length === 0) continue; // an empty file input is "no file chosen"
      (form.files[part.fieldname] ??= []).push(data);
    } else if (typeof part.value === 'string') {
      if (containsNul(part.value)) throw new ValidationError(NUL_MESSAGE);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
