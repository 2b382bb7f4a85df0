import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { okxErrorBody } from '@exchange/contract';

/** OKX v5's codes for what the public calls can refuse; ccxt picks its exception type by them. */
export const okxCodes = {
  ok: '0',
  internal: '50000',
  tooManyRequests: '50011',
  paramEmpty: '50014',
  paramError: '51000',
  instrumentMissing: '51001',
} as const;

/** An OKX v5 refusal: its HTTP status, its code and OKX's wording. */
export class OkxError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly okxCode: string,
    message: string,
  ) {
    super(message);
  }
}

export const paramEmpty = (name: string) => new OkxError(400, okxCodes.paramEmpty, `Parameter ${name} can not be empty`);
export const paramError = (name: string) => new OkxError(400, okxCodes.paramError, `Parameter ${name} error`);
/** HTTP 200, as OKX answers it (and as /market/books always did here). */
export const instrumentMissing = () => new OkxError(200, okxCodes.instrumentMissing, 'Instrument ID does not exist');

export function okxData<T>(data: T[]): { code: string; msg: string; data: T[] } {
  return { code: okxCodes.ok, msg: '', data };
}

/** The v5 scope's error handler: every refusal in OKX's envelope (`okxErrorBody`). */
export function okxErrorHandler(err: FastifyError | OkxError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, code: string, msg: string) => reply.status(status).send(okxErrorBody(status, code, msg));
  if (err instanceof OkxError) return send(err.httpStatus, err.okxCode, err.message);
  if (hasZodFastifySchemaValidationErrors(err)) return send(400, okxCodes.paramError, err.validation[0]?.message ?? 'Parameter error');
  const status = err.statusCode ?? 500;
  // The limiter has set Retry-After already.
  if (status === 429) return send(429, okxCodes.tooManyRequests, 'Too Many Requests');
  if (status >= 400 && status < 500) return send(status, okxCodes.paramError, err.message);
  request.log.error({ err }, 'unhandled error');
  return send(500, okxCodes.internal, 'Service temporarily unavailable, please try again later');
}
