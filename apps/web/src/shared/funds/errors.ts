import { fundsMessages } from '@exchange/contract';
import { ApiError } from '../api/http';

/** Spec 3 §8: a 400 reads as the deposit and withdrawal pages' bad-request text; other refusals keep the server's words. */
export function fundsErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 400 ? fundsMessages.badRequest : error.message;
  return fallback;
}
