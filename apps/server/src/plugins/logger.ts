import cluster from 'node:cluster';
import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

/** Secrets never reach the log, whatever a future log line includes. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["ok-access-passphrase"]',
  'req.headers["ok-access-sign"]',
  '*.passphrase',
  '*.secret_key',
  '*.email_code',
  '*.password',
  '*.confirm_password',
  '*.new_password',
  '*.otp',
  '*.token',
  '*.jwt_token',
  '*.text',
  '*.totp_code',
  '*.code',
];

/** Query parameters that carry a secret: the spec puts some calls' fields in the URL, which every request log line shows. */
const SECRET_QUERY_PARAMS = new Set(['totp_code', 'otp', 'code', 'token', 'password']);

/** The URL as the log shows it: each secret query parameter's value replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_QUERY_PARAMS.has(key.toLowerCase())) continue;
    params.set(key, '[redacted]');
    changed = true;
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * `worker` is the cluster worker's id (npm run start:cluster): the workers write to one stream, and
 * a line must say which of them wrote it. A single process has none.
 */
export function loggerOptions(level: LogLevel, worker = cluster.worker?.id): FastifyServerOptions['logger'] {
  return {
    level,
    ...(worker === undefined ? {} : { base: { pid: process.pid, hostname: hostname(), worker } }),
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
