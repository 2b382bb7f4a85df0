import { createHmac, timingSafeEqual } from 'node:crypto';

/** OKX v5's signature: Base64(HMAC-SHA256(secret, timestamp + METHOD + requestPath with its query + body)). */
export function okxSign(secret: string, timestamp: string, method: string, requestPath: string, body = ''): string {
  return createHmac('sha256', secret).update(`${timestamp}${method.toUpperCase()}${requestPath}${body}`).digest('base64');
}

/** Whether the signature sent is the expected one, compared in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** OKX's timestamp: ISO 8601 in UTC with milliseconds, such as 2020-12-08T09:08:57.715Z. */
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The timestamp's instant in ms, or null when it is no such timestamp. */
export function parseOkxTimestamp(value: string): number | null {
  if (!ISO_MS.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
