import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, errorCodes, RESET_REDIRECT_DELAY_MS, serverMessages } from '@exchange/contract';
import LoginPage from '../src/features/auth/pages/LoginPage';
import { renderAt, sentBody, stubFetch } from './auth-test-utils';

const ok = (message: string) => ({ status: 200, body: { success: true, message } });

async function openReset() {
  const user = userEvent.setup();
  renderAt('/login', '/login', <LoginPage />);
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  return user;
}

async function reachVerifyStep() {
  const user = await openReset();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
  await screen.findByLabelText('Verification code');
  return user;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('password reset inside /login', () => {
  it('rejects a malformed email', async () => {
    const user = await openReset();
    await user.type(screen.getByLabelText('Email'), 'ann@{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidEmail);
  });

  it('falls back to the send-code message when the request fails without a message', async () => {
    stubFetch({ '/password_reset/request': { status: 500, body: {} } });
    const user = await openReset();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.sendOtpFailed);
  });

  it('asks for a valid OTP when the code is shorter than 4 characters', async () => {
    const fetchMock = stubFetch({ '/password_reset/request': ok(serverMessages.resetRequested) });
    const user = await reachVerifyStep();
    await user.type(screen.getByLabelText('Verification code'), '123{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidOtp);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the invalid OTP message on a refused code without a message', async () => {
    stubFetch({
      '/password_reset/request': ok(serverMessages.resetRequested),
      '/password_reset/verify_otp': { status: 400, body: {} },
    });
    const user = await reachVerifyStep();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.invalidOtpTryAgain);
  });

  it('counts down before offering to resend the code', async () => {
    stubFetch({ '/password_reset/request': ok(serverMessages.resetRequested) });
    await reachVerifyStep();
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
  });

  it('issue 14 #6: shows the server’s common-password message and marks the new password', async () => {
    stubFetch({
      '/password_reset/request': ok(serverMessages.resetRequested),
      '/password_reset/verify_otp': ok('Code verified.'),
      '/password_reset/reset': { status: 400, body: { message: serverMessages.passwordTooCommon, code: errorCodes.passwordTooCommon } },
    });
    const user = await reachVerifyStep();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), 'qwerty123');
    await user.type(screen.getByLabelText('Confirm new password'), 'qwerty123{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.passwordTooCommon);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('rejects mismatched passwords, then resets and returns to the password step', async () => {
    const fetchMock = stubFetch({
      '/password_reset/request': ok(serverMessages.resetRequested),
      '/password_reset/verify_otp': ok('Code verified.'),
      '/password_reset/reset': ok(serverMessages.passwordResetDone),
    });
    const user = await reachVerifyStep();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.passwordsDoNotMatch);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-password-2');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(serverMessages.passwordResetDone)).toBeTruthy();
    expect(sentBody(fetchMock, 2)).toEqual({
      email: 'ann@example.com',
      otp: '123456',
      new_password: 'new-password-2',
      confirm_password: 'new-password-2',
    });
    await act(async () => {
      vi.advanceTimersByTime(RESET_REDIRECT_DELAY_MS);
    });
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
