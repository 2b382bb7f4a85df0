import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { securityErrorCodes, securityMessages, twoFactorFieldMessages, withdrawMessages as m } from '@exchange/contract';
import { FakeSocket } from './fake-socket';
import {
  calls,
  confirmDialog,
  fillOnchain,
  render,
  review,
  securityOverview,
  serve,
  signIn,
  submitButton,
  totpRequired,
  withdrawal,
  type Answer,
} from './withdraw-test-utils';

const ID = withdrawal().id;
const CONFIRM = `/api/v1/withdrawals/${ID}/confirm`;
const RESEND = `/api/v1/withdrawals/${ID}/confirm-code`;
const CANCEL = `/api/v1/withdrawals/${ID}/cancel`;

const bodies = (mock: ReturnType<typeof serve>, path: string) => calls(mock, path, 'POST').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
const refusal = (status: number, message: string, code: string, retryAfter?: number): Answer => ({
  status,
  body: { message, code, retry_after_seconds: retryAfter },
});
const codeField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Email verification code' });
const dialogError = (dialog: HTMLElement) => within(dialog).queryByTestId('withdraw-confirm-error')?.textContent ?? null;

/** One answer per call of `path`, the last one repeated. */
function answers(path: string, list: Answer[]) {
  let served = 0;
  return (url: URL) => {
    if (url.pathname !== path) return undefined;
    const answer = list[Math.min(served, list.length - 1)];
    served += 1;
    return answer;
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the emailed code', () => {
  it('refuses a wrong code in the server words, empties the field, and takes the next one', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([answers(CONFIRM, [refusal(400, m.confirmCodeWrong, 'CODE_INVALID'), { status: 200, body: { message: m.submitted, withdrawal: withdrawal() } }])]);
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    const field = await within(dialog).findByRole('textbox', { name: 'Email verification code' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(dialogError(dialog)).toBe(m.codeRequired);
    expect(calls(mock, CONFIRM, 'POST')).toHaveLength(0);
    await user.type(field, '111111{Enter}');
    await waitFor(() => expect(dialogError(dialog)).toBe(m.confirmCodeWrong));
    expect(field).toHaveProperty('value', '');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '222222{Enter}');
    expect((await screen.findByTestId('withdraw-success')).textContent).toBe(m.submitted);
    expect(bodies(mock, CONFIRM).map((body) => body.email_code)).toEqual(['111111', '222222']);
  });

  it('ends at the fifth wrong code: the withdrawal is cancelled, only Close is left, and closing cancels nothing more', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([answers(CONFIRM, [refusal(400, m.confirmTooManyAttempts, 'CONFIRMATION_LOCKED')])]);
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email verification code' }), '999999{Enter}');
    await waitFor(() => expect(dialogError(dialog)).toBe(m.confirmTooManyAttempts));
    expect(codeField(dialog)).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('button', { name: 'Confirm withdrawal' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(mock, CANCEL, 'POST')).toHaveLength(0);
  });

  it('asks the authenticator code once the server answers TOTP_REQUIRED, and keeps the emailed one', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([answers(CONFIRM, [totpRequired, { status: 200, body: { message: m.submitted, withdrawal: withdrawal() } }])]);
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    const field = await within(dialog).findByRole('textbox', { name: 'Email verification code' });
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    await user.type(field, '123456{Enter}');
    await waitFor(() => expect(dialogError(dialog)).toBe(securityMessages.totpRequired));
    const app = within(dialog).getByLabelText('Authenticator code');
    expect(app.getAttribute('aria-invalid')).toBe('true');
    expect(field).toHaveProperty('value', '123456');
    await user.type(app, '654 321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByTestId('withdraw-success');
    expect(bodies(mock, CONFIRM).map((body) => [body.email_code, body.totp_code])).toEqual([
      ['123456', undefined],
      ['123456', '654321'],
    ]);
  });

  it('shows the authenticator field from the start when the app is on, sends nothing without six digits, and keeps it through a wrong emailed code', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve([
      (url) => (url.pathname === '/api/user_account/security' ? securityOverview(true) : undefined),
      answers(CONFIRM, [
        refusal(400, m.confirmCodeWrong, 'CODE_INVALID'),
        refusal(400, securityMessages.totpInvalid, securityErrorCodes.totpInvalid),
      ]),
    ]);
    render();
    await fillOnchain(user);
    // The submit no longer carries the authenticator code: the confirmation does.
    const dialog = await review(user);
    const app = await within(dialog).findByLabelText('Authenticator code');
    await user.type(codeField(dialog), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(dialogError(dialog)).toBe(twoFactorFieldMessages.totpFormat);
    expect(calls(mock, CONFIRM, 'POST')).toHaveLength(0);
    await user.type(app, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(dialogError(dialog)).toBe(m.confirmCodeWrong));
    // The server refused the emailed code before it read the authenticator's: that one is kept.
    expect(app).toHaveProperty('value', '654321');
    await user.type(codeField(dialog), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(dialogError(dialog)).toBe(securityMessages.totpInvalid));
    expect(app).toHaveProperty('value', '');
    expect(bodies(mock, CONFIRM).map((body) => body.totp_code)).toEqual(['654321', '654321']);
    const submitted = new URL(String(calls(mock, '/api/v1/submit-withdrawal', 'POST')[0]![0]), 'http://localhost').searchParams;
    expect(submitted.has('totp_code')).toBe(false);
  });
});

describe('resending the code and the deadline', () => {
  it('offers no other code for a minute after the submit, and counts the 15 minutes down', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    expect((await within(dialog).findByTestId('withdraw-confirm-resend-wait')).textContent).toBe('Resend code in 60s');
    expect(within(dialog).getByTestId('withdraw-confirm-deadline').textContent).toMatch(/^Code valid for 1[45]:\d\d$/);
    expect(within(dialog).queryByRole('button', { name: 'Resend code' })).toBeNull();
    expect(calls(mock, RESEND, 'POST')).toHaveLength(0);
  });

  it('resends at once for a withdrawal continued from the history, then waits as long as the server says', async () => {
    signIn();
    const user = userEvent.setup();
    const submittedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const waiting = withdrawal({ status: 'unconfirmed', date: submittedAt });
    const mock = serve([
      (url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [waiting] } : undefined),
      answers(RESEND, [refusal(429, m.confirmResendWait(42), 'RESEND_TOO_SOON', 42)]),
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Confirm the withdrawal of 10 USDT' }));
    const dialog = await confirmDialog();
    expect(document.activeElement).toBe(codeField(dialog));
    expect(within(dialog).getByTestId('withdraw-confirm-what').textContent).toBe(`10 USDT to ${waiting.address} on TRC20`);
    // Ten minutes left of the fifteen since the submit.
    expect(within(dialog).getByTestId('withdraw-confirm-deadline').textContent).toMatch(/^Code valid for (9:5\d|10:00)$/);
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect((await within(dialog).findByTestId('withdraw-confirm-resend-wait')).textContent).toBe('Resend code in 42s');
    expect(dialogError(dialog)).toBeNull();
    expect(bodies(mock, RESEND)).toEqual([{ apikey: expect.any(String), uid: 42 }]);
  });

  it('shows the new deadline and the server words once a code is resent', async () => {
    signIn();
    const user = userEvent.setup();
    const expires = new Date(Date.now() + 15 * 60_000).toISOString();
    serve([
      (url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [withdrawal({ status: 'unconfirmed', date: new Date(Date.now() - 14.5 * 60_000).toISOString() })] } : undefined),
      answers(RESEND, [{ status: 200, body: { message: m.confirmSent, expires_at: expires } }]),
    ]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Confirm the withdrawal of 10 USDT' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('withdraw-confirm-deadline').textContent).toMatch(/^Code valid for 0:\d\d$/);
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await within(dialog).findByText(m.confirmSent)).toBeTruthy();
    expect(within(dialog).getByTestId('withdraw-confirm-deadline').textContent).toMatch(/^Code valid for 1[45]:\d\d$/);
    expect(within(dialog).getByTestId('withdraw-confirm-resend-wait').textContent).toBe('Resend code in 60s');
  });
});

describe('a withdrawal continued from the history', () => {
  it('says it went out, and leaves the draft alone', async () => {
    signIn();
    const user = userEvent.setup();
    const waiting = withdrawal({ status: 'unconfirmed', date: new Date().toISOString() });
    const mock = serve([(url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [waiting] } : undefined)]);
    render();
    await fillOnchain(user, '3');
    await user.click(await screen.findByRole('button', { name: 'Confirm the withdrawal of 10 USDT' }));
    const dialog = await confirmDialog();
    await user.type(codeField(dialog), '123456{Enter}');
    expect((await screen.findByTestId('withdraw-success')).textContent).toBe(m.submitted);
    expect(document.activeElement).toBe(screen.getByTestId('withdraw-success'));
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Pending');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '3');
    expect(calls(mock, '/api/v1/submit-withdrawal', 'POST')).toHaveLength(0);
  });

  it('says it went out before any crypto is chosen', async () => {
    signIn();
    const user = userEvent.setup();
    serve([(url) => (url.pathname === '/api/v1/transaction-history/42' ? { status: 200, body: [withdrawal({ status: 'unconfirmed', date: new Date().toISOString() })] } : undefined)]);
    render();
    await user.click(await screen.findByRole('button', { name: 'Confirm the withdrawal of 10 USDT' }));
    await user.type(codeField(await confirmDialog()), '123456{Enter}');
    expect((await screen.findByTestId('withdraw-success')).textContent).toBe(m.submitted);
    expect(document.activeElement).toBe(screen.getByTestId('withdraw-success'));
  });
});

describe('leaving the confirmation', () => {
  it('cancels the unconfirmed withdrawal when the dialog closes, and the history says so', async () => {
    signIn();
    const user = userEvent.setup();
    const mock = serve();
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    await within(dialog).findByRole('textbox', { name: 'Email verification code' });
    expect(within(dialog).getByText('Closing this window cancels the withdrawal. Nothing has left your account yet.')).toBeTruthy();
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Awaiting confirmation');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('withdraw-status').textContent).toBe('Cancelled'));
    expect(bodies(mock, CANCEL)).toEqual([{ apikey: expect.any(String), uid: 42 }]);
    expect(document.activeElement).toBe(submitButton());
    // The draft stays, so the user can correct it and withdraw again.
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '10');
  });

  it('says so on the page when closing could not cancel it', async () => {
    signIn();
    const user = userEvent.setup();
    serve([(url) => (url.pathname === CANCEL ? { status: 503, body: { message: 'Service unavailable' } } : undefined)]);
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel withdrawal' }));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(
      'Closing could not cancel the withdrawal of 10 USDT. Nothing was held, and unconfirmed it expires within 15 minutes; you can also cancel it in the history.',
    );
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Awaiting confirmation');
  });

  it('ends when the private socket says the withdrawal expired meanwhile', async () => {
    signIn();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const user = userEvent.setup();
    const mock = serve();
    render();
    await fillOnchain(user);
    const dialog = await review(user);
    await within(dialog).findByRole('textbox', { name: 'Email verification code' });
    const socket = FakeSocket.all[0]!;
    act(() => socket.onopen?.({}));
    act(() => socket.push({ event: 'login', code: '0' }));
    act(() => socket.push({ arg: { channel: 'withdrawals' }, data: [withdrawal({ status: 'expired' })] }));
    expect(dialogError(dialog)).toBe(m.confirmExpired);
    expect(codeField(dialog)).toHaveProperty('disabled', true);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(calls(mock, CANCEL, 'POST')).toHaveLength(0);
    expect(screen.getByTestId('withdraw-status').textContent).toBe('Expired');
  });
});
