import { ZodError } from 'zod';
import { ApiError, NetworkError } from '../../../shared/api/http';

/** The server's own words, if it sent any. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** A 200 answer carrying success: false, turned into an error the catch blocks already handle. */
export function rejectedAnswer(message: string): ApiError {
  return new ApiError(message, 200, undefined, undefined, message);
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof NetworkError;
}

/** The answer arrived but did not match the contract's schema. */
export function isUnexpectedAnswer(error: unknown): boolean {
  return error instanceof ZodError;
}
