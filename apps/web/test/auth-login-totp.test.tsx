import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityErrorCodes, securityMessages, twoFactorFieldMessages } from '@exchange/contract';
import LoginPage from '../src/features/auth/pages/LoginPage';
import { renderAt, sentBody, stubFetch } from './auth-test-utils';

const loginAnswer = { success: true, user_id: 'u-1', email: 'ann@example.com', uid: 1001, jwt_token: 'jwt' };
const userInfo = {
  user: { id: 'u-1', name: 'Ann', email: 'ann@example.com', uid: 1001, referral_code: 'R1', role: 'client', email_verified: true, created_at: '2025-01-01T00:00:00Z' },
  user_detail: { phone_number: '+1 555', user_country: 'US', user_profile: null, tier: false, is_verified: 'true' },
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login with the authenticator app', () => {
  it('asks for the code on a second step after TOTP_REQUIRED, and logs in with it', async () => {
    let attempt = 0;
    const fetchMock = stubFetch({
      '/login': () => {
        attempt += 1;
        if (attempt === 1) return { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } };
        if (attempt === 2) return { status: 400, body: { message: securityMessages.totpInvalid, code: securityErrorCodes.totpInvalid } };
        return { status: 200, body: loginAnswer };
      },
      '/getUserInformation': { status: 200, body: userInfo },
    });
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
    await user.type(screen.getByLabelText('Password'), 'the-password-1{Enter}');

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), '12{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(twoFactorFieldMessages.secondFactorFormat);

    await user.clear(screen.getByLabelText('Authenticator code or recovery code'));
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), '111111{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(securityMessages.totpInvalid);
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), 'abcde-fghjk{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/spot-trading');
    expect(sentBody(fetchMock, 0)).toEqual({ email: 'ann@example.com', password: 'the-password-1' });
    expect(sentBody(fetchMock, 2)).toEqual({ email: 'ann@example.com', password: 'the-password-1', totp_code: 'abcde-fghjk' });
    expect(localStorage.getItem('authToken')).toBe('jwt');
  });

  it('goes back to the password step', async () => {
    stubFetch({ '/login': { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } } });
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
    await user.type(screen.getByLabelText('Password'), 'the-password-1{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('asks for the authenticator code in the forgot-password reset when the account has the app on', async () => {
    let resets = 0;
    const fetchMock = stubFetch({
      '/password_reset/request': { status: 200, body: { success: true, message: 'sent' } },
      '/password_reset/verify_otp': { status: 200, body: { success: true, message: 'ok' } },
      '/password_reset/reset': () => {
        resets += 1;
        return resets === 1
          ? { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } }
          : { status: 200, body: { success: true, message: 'Your password has been reset. You can log in now.' } };
      },
    });
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(securityMessages.totpRequired);
    await user.type(screen.getByLabelText('Authenticator code'), '246810{Enter}');
    expect(await screen.findByText('Your password has been reset. You can log in now.')).toBeTruthy();
    const calls = fetchMock.mock.calls.flatMap((c, index) => (String(c[0]).includes('/password_reset/reset') ? [index] : []));
    expect(sentBody(fetchMock, calls[1] ?? -1)).toMatchObject({ totp_code: '246810' });
  });
});
