import { errorStatus, type ErrorCode } from '@marquee/shared';

/** The one error type the app throws on purpose; the error handler maps `code` to a status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** More for the client to act on, answered beside `success` and `message`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
