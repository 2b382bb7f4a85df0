import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, errorCodes, serverMessages } from '@exchange/contract';
import LoginPage from '../src/features/auth/pages/LoginPage';
import { renderAt, sentBody, stubFetch } from './auth-test-utils';

const loginAnswer = { success: true, user_id: 'u-1', email: 'ann@example.com', uid: 1001, jwt_token: 'jwt' };
const userInfo = (isVerified: 'true' | 'pending' | 'false') => ({
  user: { id: 'u-1', name: 'Ann', email: 'ann@example.com', uid: 1001, referral_code: 'R1', role: 'client', email_verified: true, created_at: '2025-01-01T00:00:00Z' },
  user_detail: { phone_number: '+1 555', user_country: 'US', user_profile: null, tier: false, is_verified: isVerified },
});

async function goToPasswordStep(email = 'ann@example.com') {
  const user = userEvent.setup();
  renderAt('/login', '/login', <LoginPage />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the one "Email / Sub-account" tab and rejects a malformed email before the password step', async () => {
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    expect(screen.getByRole('tab', { name: 'Email / Sub-account' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.invalidEmail);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('moves to the password step showing the email, and can go back to change it', async () => {
    const user = await goToPasswordStep();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('toggles password visibility', async () => {
    const user = await goToPasswordStep();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
  });

  it("shows the server's message when the login is refused", async () => {
    const fetchMock = stubFetch({ '/login': { status: 401, body: { message: serverMessages.invalidCredentials } } });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.invalidCredentials);
    expect(sentBody(fetchMock, 0)).toEqual({ email: 'ann@example.com', password: 'wrong-password' });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('falls back to the credentials message on a 4xx without a message', async () => {
    stubFetch({ '/login': { status: 401, body: {} } });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.loginFailedCredentials);
  });

  it('stores the session and sends a verified user to /spot-trading', async () => {
    stubFetch({
      '/login': { status: 200, body: loginAnswer },
      '/getUserInformation/': { status: 200, body: userInfo('true') },
    });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/spot-trading');
    expect(localStorage.getItem('authToken')).toBe('jwt');
    expect(localStorage.getItem('user_id')).toBe('u-1');
    expect(localStorage.getItem('uid')).toBe('1001');
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('fullName')).toBe('Ann');
    expect(localStorage.getItem('is_verified')).toBe('true');
  });

  it('sends an unverified user to / and keeps going when the profile lookup fails', async () => {
    stubFetch({
      '/login': { status: 200, body: loginAnswer },
      '/getUserInformation/': { status: 500, body: { message: 'boom' } },
    });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('authToken')).toBe('jwt');
  });

  it('sends a user whose documents are under review to /, which shows the review, and stores "pending"', async () => {
    stubFetch({
      '/login': { status: 200, body: loginAnswer },
      '/getUserInformation/': { status: 200, body: userInfo('pending') },
    });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('is_verified')).toBe('pending');
  });

  it('sends an account with an unverified email to the sign-up verification step', async () => {
    stubFetch({ '/login': { status: 403, body: { message: serverMessages.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' } } });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/signup?step=verify&email=ann%40example.com');
  });

  it('asks for the mailed code when failures elsewhere locked the account, and sends it with the password', async () => {
    const answers = [
      { status: 403, body: { message: serverMessages.loginCodeRequired, code: errorCodes.loginCodeRequired } },
      { status: 200, body: loginAnswer },
    ];
    const fetchMock = stubFetch({
      '/login': () => answers.shift() ?? { status: 500, body: {} },
      '/getUserInformation/': { status: 200, body: userInfo('true') },
    });
    const user = await goToPasswordStep();
    expect(screen.queryByLabelText('Login code')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');

    expect(await screen.findByText(serverMessages.loginCodeRequired)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    const code = screen.getByLabelText('Login code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.incompleteCode);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(code, '042817{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/spot-trading');
    expect(sentBody(fetchMock, 0)).toEqual({ email: 'ann@example.com', password: 'correct-password' });
    expect(sentBody(fetchMock, 1)).toEqual({ email: 'ann@example.com', password: 'correct-password', otp: '042817' });
    expect(localStorage.getItem('authToken')).toBe('jwt');
  });

  it('shows why a code was refused, and drops an expired code so the next login mails a new one', async () => {
    const answers = [
      { status: 403, body: { message: serverMessages.loginCodeRequired, code: errorCodes.loginCodeRequired } },
      { status: 400, body: { message: serverMessages.codeInvalid, code: errorCodes.codeInvalid } },
      { status: 400, body: { message: serverMessages.codeExpired, code: errorCodes.codeExpired } },
    ];
    const fetchMock = stubFetch({ '/login': () => answers.shift() ?? { status: 500, body: {} } });
    const user = await goToPasswordStep();
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}');
    await user.type(await screen.findByLabelText('Login code'), '111111{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.codeInvalid);
    expect(screen.getByLabelText('Login code')).toBeTruthy();

    await user.clear(screen.getByLabelText('Login code'));
    await user.type(screen.getByLabelText('Login code'), '222222{Enter}');
    expect(await screen.findByText(serverMessages.codeExpired)).toBeTruthy();
    expect(screen.queryByLabelText('Login code')).toBeNull();
    expect(sentBody(fetchMock, 2)).toEqual({ email: 'ann@example.com', password: 'correct-password', otp: '222222' });
  });

  it('redirects an already signed-in, unverified visitor to the verification page', () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user_id', 'u-1');
    renderAt('/login', '/login', <LoginPage />);
    expect(screen.getByTestId('location').textContent).toBe('/account/profile/verify');
  });

  it('opens at the password step with the email from the query', () => {
    renderAt('/login?step=password&email=ann%40example.com', '/login', <LoginPage />);
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
