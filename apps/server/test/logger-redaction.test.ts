import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../src/plugins/logger.js';

describe('secrets in the request log', () => {
  it('replaces the value of each secret query parameter and leaves the rest', () => {
    expect(redactUrl('/api/v1/submit-withdrawal?wallet_id=0&totp_code=123456&apikey=k')).toBe(
      '/api/v1/submit-withdrawal?wallet_id=0&totp_code=%5Bredacted%5D&apikey=k',
    );
    expect(redactUrl('/x?OTP=654321&code=111111')).toBe('/x?OTP=%5Bredacted%5D&code=%5Bredacted%5D');
    expect(redactUrl('/api/v1/coins?apikey=k')).toBe('/api/v1/coins?apikey=k');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('keeps an authenticator code in the query string and the bearer token out of the server’s log lines', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const options = loggerOptions('info');
    const app = Fastify({ logger: { ...(typeof options === 'object' ? options : {}), stream } });
    app.post('/api/v1/submit-withdrawal', async () => ({ ok: true }));
    await app.inject({
      method: 'POST',
      url: '/api/v1/submit-withdrawal?wallet_id=0&initial_amount=5&totp_code=482915',
      headers: { authorization: 'Bearer secret-token-value' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('submit-withdrawal?wallet_id=0&initial_amount=5&totp_code=%5Bredacted%5D');
    expect(log).not.toContain('482915');
    expect(log).not.toContain('secret-token-value');
  });
});
