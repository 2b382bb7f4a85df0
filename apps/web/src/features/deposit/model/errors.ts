import { fundsMessages } from '@exchange/contract';
import { ApiError } from '../../../shared/api/http';

/** Spec 3 §8: a 400 reads as the deposit page's bad-request text; other refusals keep the server's words. */
export function depositErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 400 ? fundsMessages.badRequest : error.message;
  return fallback;
}
