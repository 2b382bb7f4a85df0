import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, errorCodes, SECURITY_REDIRECT_DELAY_MS, securityErrorCodes, securityMessages, serverMessages, storageKeys } from '@exchange/contract';
import ChangeEmailPage from '../src/features/auth/security/ChangeEmailPage';
import ChangePasswordPage from '../src/features/auth/security/ChangePasswordPage';
import { renderAt, resetPageTest, sentBody, signInTestUser, stubFetch } from './auth-test-utils';

const overview = (totp: boolean) => ({
  status: 200,
  body: { email: 'ann@example.com', totp_enabled: totp, recovery_codes_left: totp ? 10 : 0, anti_phishing_phrase: null, withdrawals_locked_until: null },
});
const sent = (message: string) => ({ status: 200, body: { success: true, message, retry_after_seconds: 60 } });
const ok = (message: string) => ({ status: 200, body: { success: true, message } });

function signInWithEmail() {
  signInTestUser();
  localStorage.setItem(storageKeys.email, 'ann@example.com');
  localStorage.setItem(storageKeys.user, JSON.stringify({ email: 'ann@example.com' }));
}

/** The n-th call to a path, with its body. */
function callsTo(mock: ReturnType<typeof stubFetch>, path: string) {
  return mock.mock.calls.map((call, index) => ({ url: String(call[0]), index })).filter((c) => c.url.includes(path));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetPageTest();
  vi.useRealTimers();
});

describe('change password (/account/profile/security/change-password)', () => {
  it('sends the user to /login without a stored user email', async () => {
    renderAt('/account/profile/security/change-password', '/account/profile/security/change-password', <ChangePasswordPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it('asks for the code on load with the bearer token, checks the code, the passwords and the checkbox, then changes and goes back after 3 s', async () => {
    signInWithEmail();
    const fetchMock = stubFetch({
      '/security?': overview(false),
      '/password_reset/request': sent(securityMessages.otpSent),
      '/password_reset/verify_otp': ok(securityMessages.otpVerified),
      '/password_reset/reset': ok(securityMessages.passwordChanged),
    });
    const user = userEvent.setup();
    renderAt('/account/profile/security/change-password', '/account/profile/security/change-password', <ChangePasswordPage />);

    expect(await screen.findByText(securityMessages.otpSent)).toBeTruthy();
    const [request] = callsTo(fetchMock, '/password_reset/request');
    expect(sentBody(fetchMock, request?.index ?? -1)).toEqual({ email: 'ann@example.com' });
    const init = fetchMock.mock.calls[request?.index ?? -1]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();

    await user.type(screen.getByLabelText('Verification code'), '123{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidOtp);
    await user.type(screen.getByLabelText('Verification code'), '456{Enter}');

    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.passwordTooShort);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.passwordsDoNotMatch);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(securityMessages.agreeWithdrawalRestriction);
    expect(callsTo(fetchMock, '/password_reset/reset')).toHaveLength(0);

    // Both fields have their show/hide toggle.
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    await user.click(screen.getByRole('checkbox'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(securityMessages.passwordChanged)).toBeTruthy();
    const [reset] = callsTo(fetchMock, '/password_reset/reset');
    expect(sentBody(fetchMock, reset?.index ?? -1)).toEqual({ email: 'ann@example.com', otp: '123456', new_password: 'new-password-1', confirm_password: 'new-password-1' });

    await act(async () => {
      vi.advanceTimersByTime(SECURITY_REDIRECT_DELAY_MS - 100);
    });
    expect(screen.queryByTestId('location')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByTestId('location').textContent).toBe('/account/profile/security');
  });

  it('issue 14 #6: shows the server’s common-password message and marks the new password, staying on the step', async () => {
    signInWithEmail();
    stubFetch({
      '/security?': overview(false),
      '/password_reset/request': sent(securityMessages.otpSent),
      '/password_reset/verify_otp': ok(securityMessages.otpVerified),
      '/password_reset/reset': { status: 400, body: { message: serverMessages.passwordTooCommon, code: errorCodes.passwordTooCommon } },
    });
    const user = userEvent.setup();
    renderAt('/account/profile/security/change-password', '/account/profile/security/change-password', <ChangePasswordPage />);
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), '12345678');
    await user.type(screen.getByLabelText('Confirm new password'), '12345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.passwordTooCommon);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the authenticator field when the server asks for it, and sends its code', async () => {
    signInWithEmail();
    let asked = false;
    const fetchMock = stubFetch({
      '/security?': overview(false),
      '/password_reset/request': sent(securityMessages.otpSent),
      '/password_reset/verify_otp': ok(securityMessages.otpVerified),
      '/password_reset/reset': () => {
        if (asked) return ok(securityMessages.passwordChanged);
        asked = true;
        return { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } };
      },
    });
    const user = userEvent.setup();
    renderAt('/account/profile/security/change-password', '/account/profile/security/change-password', <ChangePasswordPage />);
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(securityMessages.totpRequired);
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(securityMessages.passwordChanged)).toBeTruthy();
    const resets = callsTo(fetchMock, '/password_reset/reset');
    expect(sentBody(fetchMock, resets[1]?.index ?? -1)).toMatchObject({ totp_code: '654321' });
  });
});

describe('change email (/account/profile/security/change-email)', () => {
  it('shows the 24-hour banner and the current email, sends the code on request, verifies it, changes the email and stores the new one', async () => {
    signInWithEmail();
    const fetchMock = stubFetch({
      '/security?': overview(true),
      '/email_reset/request': sent(securityMessages.otpSent),
      '/email_reset/verify_otp': ok(securityMessages.otpVerified),
      '/email_reset/change': { status: 200, body: { success: true, message: securityMessages.emailChanged, email: 'new@example.com' } },
    });
    const user = userEvent.setup();
    renderAt('/account/profile/security/change-email', '/account/profile/security/change-email', <ChangeEmailPage />);
    expect(screen.getByRole('note').textContent).toContain('24 hours');
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(callsTo(fetchMock, '/email_reset/request')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(securityMessages.otpSent)).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');

    await user.type(await screen.findByLabelText('New email'), 'new@');
    // The user has the authenticator app on: its field is there from the start.
    await user.type(screen.getByLabelText('Authenticator code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidEmail);
    await user.type(screen.getByLabelText('New email'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe(securityMessages.agreeWithdrawalRestriction);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(securityMessages.emailChanged)).toBeTruthy();
    const [change] = callsTo(fetchMock, '/email_reset/change');
    expect(sentBody(fetchMock, change?.index ?? -1)).toEqual({ email: 'ann@example.com', otp: '123456', new_email: 'new@example.com', totp_code: '111222' });
    expect(localStorage.getItem(storageKeys.email)).toBe('new@example.com');
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}')).toEqual({ email: 'new@example.com' });
  });

  it('shows the fallback when the change fails without a message, and goes back to the code when the code was refused', async () => {
    signInWithEmail();
    let calls = 0;
    stubFetch({
      '/security?': overview(false),
      '/email_reset/request': sent(securityMessages.otpSent),
      '/email_reset/verify_otp': ok(securityMessages.otpVerified),
      '/email_reset/change': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: {} } : { status: 400, body: { message: 'The code has expired. Request a new one.', code: 'CODE_EXPIRED' } };
      },
    });
    const user = userEvent.setup();
    renderAt('/account/profile/security/change-email', '/account/profile/security/change-email', <ChangeEmailPage />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New email'), 'new@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(securityMessages.changeEmailFailed);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code has expired. Request a new one.');
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });
});
