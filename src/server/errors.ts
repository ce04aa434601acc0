// Typed errors: services throw these, and the one error handler turns them into responses.
import type { SuggestionDetails } from '#shared/contracts/location.ts';

export interface AppErrorOptions {
  /** A short heading for the toast the client shows ('Photo required'). */
  title?: string;
  /** A machine-readable code the client may branch on ('QuotaExceeded'). */
  code?: string;
  /** Real three-word locations the person may have meant, for a refused location. */
  suggestions?: string[];
  /** The same suggestions with each one's area and distance, nearest first. */
  suggestionDetails?: SuggestionDetails;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super(400, message, options);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', options?: AppErrorOptions) {
    super(401, message, options);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.', options?: AppErrorOptions) {
    super(403, message, options);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', options?: AppErrorOptions) {
    super(404, message, options);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super(409, message, options);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super(413, message, options);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super(415, message, options);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, options?: AppErrorOptions) {
    super(422, message, options);
  }
}
