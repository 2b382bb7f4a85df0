import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityErrorCodes, securityMessages } from '@exchange/contract';
import SecurityPage from '../src/features/auth/security/SecurityPage';
import { renderAt, resetPageTest, sentBody, signInTestUser, stubFetch } from './auth-test-utils';

const PATH = '/account/profile/security';
const overview = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { email: 'ann.lee@example.com', totp_enabled: false, recovery_codes_left: 0, anti_phishing_phrase: null, withdrawals_locked_until: null, ...over },
});
const logins = {
  status: 200,
  body: [
    { id: '11111111-1111-4111-8111-111111111111', time: '2025-03-01T10:00:00.000Z', client_address: '203.0.113.9', device: 'Firefox 121 on Windows 10', status: 'active', current: false },
    { id: '22222222-2222-4222-8222-222222222222', time: '2025-03-01T09:00:00.000Z', client_address: '198.51.100.7', device: 'Chrome 120 on macOS', status: 'active', current: true },
    { id: '33333333-3333-4333-8333-333333333333', time: '2025-02-01T09:00:00.000Z', client_address: '192.0.2.1', device: 'Unknown device', status: 'ended', current: false },
  ],
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

beforeEach(() => localStorage.clear());
afterEach(resetPageTest);

describe('the security centre (/account/profile/security)', () => {
  it('asks an anonymous visitor to log in', () => {
    renderAt(PATH, PATH, <SecurityPage />);
    expect(screen.getByRole('heading', { name: 'Log in to manage your security' })).toBeTruthy();
  });

  it('lists the settings, links the password and email changes, and shows sessions and the login history', async () => {
    signInTestUser();
    stubFetch({ '/security/logins': logins, '/security?': overview({ withdrawals_locked_until: '2030-01-01T00:00:00.000Z' }) });
    renderAt(PATH, PATH, <SecurityPage />);
    expect(await screen.findByText('Codes and notices are sent to an***@example.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change login password' }).getAttribute('href')).toBe('/account/profile/security/change-password');
    expect(screen.getByRole('link', { name: 'Change email' }).getAttribute('href')).toBe('/account/profile/security/change-email');
    expect(screen.getByRole('button', { name: 'Enable authenticator app' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('withdrawals are disabled until');

    // The sessions arrive by a request of their own, which may answer after the settings have shown.
    const sessions = await screen.findByRole('region', { name: 'Active sessions' });
    expect(await within(sessions).findAllByRole('listitem')).toHaveLength(2);
    expect(within(sessions).getByText('This device')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Login history' });
    expect(within(history).getAllByRole('row')).toHaveLength(4);
    expect(within(history).getByText('Unknown device')).toBeTruthy();
    expect(within(history).getByText('Ended')).toBeTruthy();
  });

  it('ends another session and reads the list again', async () => {
    signInTestUser();
    let ended = false;
    const fetchMock = stubFetch({
      '/security/sessions/': () => {
        ended = true;
        return { status: 200, body: { success: true, message: securityMessages.sessionEnded } };
      },
      '/security/logins': () => (ended ? { status: 200, body: logins.body.slice(1) } : logins),
      '/security?': overview(),
    });
    const user = userEvent.setup();
    renderAt(PATH, PATH, <SecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'End the session of Firefox 121 on Windows 10 at 203.0.113.9' }));
    expect(await screen.findByText(securityMessages.sessionEnded)).toBeTruthy();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).includes('/security/sessions/'));
    expect(String(call?.[0])).toContain('/security/sessions/11111111-1111-4111-8111-111111111111?user_id=user-1');
    expect(call?.[1]?.method).toBe('DELETE');
    const sessions = screen.getByRole('region', { name: 'Active sessions' });
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(1));
    expect(within(sessions).queryByText('Firefox 121 on Windows 10')).toBeNull();
  });

  it('enables the authenticator app: QR and setup key, a confirming code, then the recovery codes once', async () => {
    signInTestUser();
    let enabled = false;
    const fetchMock = stubFetch({
      '/security/totp/setup': { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Nexa:ann?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Nexa' } },
      '/security/totp/enable': () => {
        enabled = true;
        return { status: 200, body: { success: true, message: securityMessages.totpEnabled, recovery_codes: CODES } };
      },
      '/security/logins': logins,
      '/security?': () => overview(enabled ? { totp_enabled: true, recovery_codes_left: 10 } : {}),
    });
    const user = userEvent.setup();
    renderAt(PATH, PATH, <SecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Enable authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable authenticator app' });
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(within(dialog).getByTitle('QR code for your authenticator app')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Authenticator code'), '12a{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the 6-digit code from your authenticator app');
    await user.clear(within(dialog).getByLabelText('Authenticator code'));
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    // Issue 14 #5: the session alone does not turn the app on.
    expect(within(dialog).getByRole('alert').textContent).toBe(securityMessages.reauthRequired);
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Your password'), 'correct-horse-1{Enter}');
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    const enableCall = fetchMock.mock.calls.findIndex((c) => String(c[0]).includes('/totp/enable'));
    expect(sentBody(fetchMock, enableCall)).toEqual({ user_id: 'user-1', totp_code: '123456', password: 'correct-horse-1' });

    const done = within(codes).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await user.click(within(codes).getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Disable authenticator app' })).toBeTruthy();
    expect(screen.getByText(/Recovery codes left: 10/)).toBeTruthy();
  });

  it('issue 14 #5: turns the app on with a code emailed instead of the password, and marks a wrong password', async () => {
    signInTestUser();
    let enables = 0;
    const fetchMock = stubFetch({
      '/security/totp/setup': { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Nexa:ann?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Nexa' } },
      '/security/totp/code': { status: 200, body: { success: true, message: securityMessages.otpSent, retry_after_seconds: 60 } },
      '/security/totp/enable': () =>
        ++enables === 1
          ? { status: 400, body: { message: securityMessages.passwordWrong, code: securityErrorCodes.passwordWrong } }
          : { status: 200, body: { success: true, message: securityMessages.totpEnabled, recovery_codes: CODES } },
      '/security/logins': logins,
      '/security?': overview(),
    });
    const user = userEvent.setup();
    renderAt(PATH, PATH, <SecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Enable authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable authenticator app' });
    await user.type(await within(dialog).findByLabelText('Authenticator code'), '123456');
    await user.type(within(dialog).getByLabelText('Your password'), 'not-my-password{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(securityMessages.passwordWrong);
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Email me a code instead' }));
    expect(await within(dialog).findByText(securityMessages.otpSent)).toBeTruthy();
    expect(within(dialog).getByText('Resend code in 60s')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await user.type(within(dialog).getByLabelText('Email code'), '654321{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    const enableCalls = fetchMock.mock.calls.map((c, i) => ({ url: String(c[0]), i })).filter((c) => c.url.includes('/totp/enable'));
    expect(sentBody(fetchMock, enableCalls.at(-1)?.i ?? -1)).toEqual({ user_id: 'user-1', totp_code: '123456', otp: '654321' });
    const codeCall = fetchMock.mock.calls.findIndex((c) => String(c[0]).includes('/totp/code'));
    expect(sentBody(fetchMock, codeCall)).toEqual({ user_id: 'user-1' });
  });

  it('sets the anti-phishing phrase, asking for the authenticator code when the app is on', async () => {
    signInTestUser();
    let calls = 0;
    const fetchMock = stubFetch({
      '/security/anti-phishing': () => {
        calls += 1;
        return calls === 1
          ? { status: 403, body: { message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired } }
          : { status: 200, body: { success: true, message: securityMessages.phraseSaved, anti_phishing_phrase: 'Blue Heron' } };
      },
      '/security/logins': logins,
      '/security?': () => overview(calls > 1 ? { anti_phishing_phrase: 'Blue Heron' } : {}),
    });
    const user = userEvent.setup();
    renderAt(PATH, PATH, <SecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Set anti-phishing phrase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anti-phishing phrase' });
    await user.type(within(dialog).getByLabelText('Your phrase'), 'ab{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe(securityMessages.phraseInvalid);
    await user.type(within(dialog).getByLabelText('Your phrase'), 'c Heron{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(securityMessages.totpRequired);
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByText(securityMessages.phraseSaved)).toBeTruthy();
    const phraseCalls = fetchMock.mock.calls.flatMap((c, index) => (String(c[0]).includes('/anti-phishing') ? [index] : []));
    expect(sentBody(fetchMock, phraseCalls.at(-1) ?? -1)).toEqual({ user_id: 'user-1', phrase: 'abc Heron', totp_code: '123456' });
    expect(await screen.findByText('Blue Heron')).toBeTruthy();
  });

  it('shows an error with Try Again when the settings cannot be read', async () => {
    signInTestUser();
    stubFetch({ '/security/logins': logins, '/security?': { status: 500, body: {} } });
    renderAt(PATH, PATH, <SecurityPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your security settings.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
