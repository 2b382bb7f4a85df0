import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

/** Secrets never reach the log, whatever a future log line includes. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.confirm_password',
  '*.new_password',
  '*.otp',
  '*.token',
  '*.jwt_token',
  '*.text',
];

export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}
