import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, authMessages, errorCodes, serverMessages } from '@exchange/contract';
import SignupPage from '../src/features/auth/pages/SignupPage';
import { renderAt, sentBody, stubFetch } from './auth-test-utils';

const signupOk = { status: 200, body: { success: true, message: 'Account created', user_id: 'u-9', token: 'tok' } };

async function reachCredentialsStep() {
  const user = userEvent.setup();
  renderAt('/signup', '/signup', <SignupPage />);
  await user.selectOptions(screen.getByLabelText('Country / region'), 'DE');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByLabelText('Confirm password');
  return user;
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, confirm = 'password-1') {
  await user.type(screen.getByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), 'password-1');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SignupPage', () => {
  it('shows the four steps and a link back to /login', () => {
    renderAt('/signup', '/signup', <SignupPage />);
    const steps = screen.getByRole('list', { name: 'Sign-up progress' });
    expect(steps.textContent).toContain('Country');
    expect(steps.textContent).toContain('Credentials');
    expect(steps.textContent).toContain('Verification');
    expect(steps.textContent).toContain('Profile');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('step 1 needs a country and the terms', async () => {
    const user = userEvent.setup();
    renderAt('/signup', '/signup', <SignupPage />);
    await user.selectOptions(screen.getByLabelText('Country / region'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.countryAndTerms);
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
  });

  it('step 2 asks for all fields, then for matching passwords', async () => {
    const fetchMock = stubFetch({});
    const user = await reachCredentialsStep();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.fillAllFields);
    await fillCredentials(user, 'password-2');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.passwordsDoNotMatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the already-registered message on 409', async () => {
    stubFetch({ '/signup': { status: 409, body: { message: 'Email already exists', code: 'EMAIL_TAKEN' } } });
    const user = await reachCredentialsStep();
    await fillCredentials(user);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.emailAlreadyRegistered);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('issue 14 #6: shows the server’s common-password message and marks both password fields', async () => {
    stubFetch({ '/signup': { status: 400, body: { message: serverMessages.passwordTooCommon, code: errorCodes.passwordTooCommon } } });
    const user = await reachCredentialsStep();
    await fillCredentials(user, 'password-1');
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.passwordTooCommon);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('explains an answer without a user id', async () => {
    stubFetch({ '/signup': { status: 200, body: { success: true, message: 'ok', token: 'tok' } } });
    const user = await reachCredentialsStep();
    await fillCredentials(user);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.unexpectedSignupResponse);
  });

  it('reports a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const user = await reachCredentialsStep();
    await fillCredentials(user);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.networkError);
  });

  it('signs the user in, then verifies the emailed code', async () => {
    const fetchMock = stubFetch({
      '/signup': signupOk,
      '/verify-otp': { status: 200, body: { success: true, message: accountMessages.emailVerified } },
    });
    const user = await reachCredentialsStep();
    await fillCredentials(user);
    expect(await screen.findByText(authMessages.registrationSuccessful)).toBeTruthy();
    expect(sentBody(fetchMock, 0)).toEqual({ email: 'new@example.com', password: 'password-1', confirm_password: 'password-1', country: 'DE' });
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(localStorage.getItem('user_id')).toBe('u-9');
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.incompleteCode);

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    expect(sentBody(fetchMock, 1)).toEqual({ email: 'new@example.com', otp: '123456' });
  });

  it('shows the server message for a wrong code', async () => {
    stubFetch({ '/verify-otp': { status: 400, body: { message: serverMessages.codeExpired, code: 'CODE_EXPIRED' } } });
    const user = userEvent.setup();
    renderAt('/signup?step=verify&email=new%40example.com', '/signup', <SignupPage />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('654321');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.codeExpired);
  });

  it('resumed from login without a session, sends the verified user back to log in', async () => {
    stubFetch({ '/verify-otp': { status: 200, body: { success: true, message: accountMessages.emailVerified } } });
    const user = userEvent.setup();
    renderAt('/signup?step=verify&email=new%40example.com', '/signup', <SignupPage />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('654321');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?step=password&email=new%40example.com');
  });

  it('profile step needs name and phone, then saves them and leaves the wizard', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('user_id', 'u-9');
    const fetchMock = stubFetch({
      '/edit_profile/user=u-9': {
        status: 200,
        body: { success: true, message: 'ok', user: { name: 'Ann Lee', phone_number: '+44 7700 900123', profile_image: null } },
      },
      '/getUserInformation/': { status: 500, body: {} },
    });
    const user = userEvent.setup();
    renderAt('/signup?step=profile', '/signup', <SignupPage />);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.fillAllFields);

    await user.type(screen.getByLabelText('Full name'), 'Ann Lee');
    await user.selectOptions(screen.getByLabelText('Country calling code'), '+44');
    await user.type(screen.getByLabelText('Phone number'), '7700 900123');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(sentBody(fetchMock, 0)).toEqual({ name: 'Ann Lee', phone_number: '+44 7700 900123' });
    expect(localStorage.getItem('fullName')).toBe('Ann Lee');
    expect(localStorage.getItem('phone')).toBe('+44 7700 900123');
  });

  it('refuses a non-image profile picture', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('user_id', 'u-9');
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/signup?step=profile', '/signup', <SignupPage />);
    await user.upload(screen.getByLabelText(/Upload picture/), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(authMessages.selectImageFile);
  });

  it('offers "Resend code" after the countdown and restarts it on use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      '/resend-otp': { status: 200, body: { success: true, message: accountMessages.codeSent, retry_after_seconds: 60 } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/signup?step=verify&email=new%40example.com', '/signup', <SignupPage />);
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    for (let s = 0; s < 60; s += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(accountMessages.codeSent)).toBeTruthy();
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    expect(sentBody(fetchMock, 0)).toEqual({ email: 'new@example.com' });
  });

  it('waits as long as the server asks when its rate limit refuses a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      '/resend-otp': { status: 429, body: { message: serverMessages.tooManyRequests, code: 'RATE_LIMITED', retry_after_seconds: 42 } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/signup?step=verify&email=new%40example.com', '/signup', <SignupPage />);
    for (let s = 0; s < 60; s += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.tooManyRequests);
    expect(screen.getByText('Resend code in 42s')).toBeTruthy();
  });
});
