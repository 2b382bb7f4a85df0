import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { judgeCode, currentCode, newTotpSecret, otpauthUri } from '../../src/modules/security/totp.js';

/** RFC 6238 appendix B, SHA1 rows: the seed is the ASCII "12345678901234567890", codes of 8 digits. */
const RFC6238_SHA1 = [
  { time: 59, code: '94287082' },
  { time: 1111111109, code: '07081804' },
  { time: 1111111111, code: '14050471' },
  { time: 1234567890, code: '89005924' },
  { time: 2000000000, code: '69279037' },
  { time: 20000000000, code: '65353130' },
];

describe('TOTP', () => {
  const rfcTotp = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: Secret.fromLatin1('12345678901234567890') });

  it.each(RFC6238_SHA1)('gives RFC 6238’s code at T = $time', ({ time, code }) => {
    expect(rfcTotp.generate({ timestamp: time * 1000 })).toBe(code);
    expect(rfcTotp.validate({ token: code, timestamp: time * 1000, window: 0 })).toBe(0);
  });

  it('computes the same six-digit codes as the RFC vectors’ last six digits, with the server’s settings', () => {
    const secret = Secret.fromLatin1('12345678901234567890').base32;
    for (const { time, code } of RFC6238_SHA1) {
      expect(currentCode(secret, time * 1000)).toBe(code.slice(-6));
    }
  });

  it('accepts a code one period early or late, and no further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(judgeCode(secret, currentCode(secret, now), now, 0)).toEqual({ kind: 'accepted', step });
    expect(judgeCode(secret, currentCode(secret, now - 30_000), now, 0)).toEqual({ kind: 'accepted', step: step - 1 });
    expect(judgeCode(secret, currentCode(secret, now + 30_000), now, 0)).toEqual({ kind: 'accepted', step: step + 1 });
    const farCode = currentCode(secret, now - 90_000);
    const nearCodes = [-30_000, 0, 30_000].map((d) => currentCode(secret, now + d));
    if (!nearCodes.includes(farCode)) expect(judgeCode(secret, farCode, now, 0)).toEqual({ kind: 'wrong' });
  });

  it('issue 14 #7: calls a right code of a step already used, or an earlier one, used, not wrong', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    const code = currentCode(secret, now);
    expect(judgeCode(secret, code, now, step)).toEqual({ kind: 'used' });
    expect(judgeCode(secret, currentCode(secret, now - 30_000), now, step)).toEqual({ kind: 'used' });
    expect(judgeCode(secret, code, now, step - 1)).toEqual({ kind: 'accepted', step });
  });

  it('writes an otpauth URI an app can read: issuer, account, secret, six digits, 30 s', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Nexa:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Nexa', digits: '6', period: '30', algorithm: 'SHA1' });
  });
});
