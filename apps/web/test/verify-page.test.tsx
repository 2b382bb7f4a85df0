import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ID_TYPES, storageKeys, verificationMessages } from '@exchange/contract';
import VerificationPage from '../src/features/verify/VerificationPage';
import { verificationState, VERIFICATION_STEPS } from '../src/features/verify/verificationState';
import { renderAt, stubFetch, resetPageTest, signInTestUser } from './auth-test-utils';

afterEach(resetPageTest);

function userInfo(isVerified: 'true' | 'pending' | 'false', emailVerified = true) {
  return {
    user: {
      id: 'user-1',
      name: 'Ada',
      email: 'ada@example.com',
      uid: 42,
      referral_code: 'ABC123',
      role: 'client',
      email_verified: emailVerified,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    user_detail: { phone_number: null, user_country: 'DE', user_profile: null, tier: false, is_verified: isVerified },
  };
}

const INFO = '/getUserInformation/';
const STATUS = '/verification/user=';
const noSubmission = { is_verified: 'false', submission: null };
const open = () => renderAt('/account/profile/verify', '/account/profile/verify', <VerificationPage />);

describe('verification page', () => {
  beforeEach(signInTestUser);

  it('shows an unverified user their status from the API, the five steps, and Start Verification', async () => {
    const fetchMock = stubFetch({ [INFO]: { status: 200, body: userInfo('false') }, [STATUS]: { status: 200, body: noSubmission } });
    open();
    expect(await screen.findByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
    const status = within(screen.getByLabelText('Your verification status'));
    expect(status.getByText('Email').nextElementSibling?.textContent).toBe('Verified');
    expect(status.getByText('Identity').nextElementSibling?.textContent).toBe('Not verified yet');
    expect(screen.getByRole('button', { name: 'Start Verification' })).toHaveProperty('disabled', false);

    const steps = within(screen.getByRole('region', { name: 'How verification works' })).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[0]?.textContent).toContain('Step 1 of 5');
    for (const type of ID_TYPES) expect(steps[1]?.textContent).toContain(type.name);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/user_account/getUserInformation/?user_id=user-1');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    await waitFor(() => expect(localStorage.getItem(storageKeys.isVerified)).toBe('false'));
  });

  it('shows the reason of a rejected submission above Start Verification', async () => {
    const rejected = {
      is_verified: 'false',
      submission: {
        document_type: 'passport',
        country: 'PH',
        status: 'rejected',
        submitted_at: '2026-01-01T00:00:00.000Z',
        reviewed_at: '2026-01-01T01:00:00.000Z',
        rejection_reason: 'The photo is blurred.',
      },
    };
    stubFetch({ [INFO]: { status: 200, body: userInfo('false') }, [STATUS]: { status: 200, body: rejected } });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your last verification was rejected');
    expect(alert.textContent).toContain('The photo is blurred.');
    expect(within(screen.getByLabelText('Your verification status')).getByText('Identity').nextElementSibling?.textContent).toBe('Rejected');
  });

  it('says so when the email is not verified either', async () => {
    stubFetch({ [INFO]: { status: 200, body: userInfo('false', false) } });
    open();
    const status = within(await screen.findByLabelText('Your verification status'));
    expect(status.getByText('Email').nextElementSibling?.textContent).toBe('Not verified');
  });

  it('tells a verified user so, with a link to the profile', async () => {
    stubFetch({ [INFO]: { status: 200, body: userInfo('true') } });
    open();
    expect(await screen.findByRole('heading', { name: verificationMessages.alreadyVerified })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/account/profile');
    expect(screen.queryByRole('button', { name: 'Start Verification' })).toBeNull();
    await waitFor(() => expect(localStorage.getItem(storageKeys.isVerified)).toBe('true'));
  });

  it('tells a user under review so, with a link home', async () => {
    stubFetch({ [INFO]: { status: 200, body: userInfo('pending') } });
    open();
    expect(await screen.findByRole('heading', { name: verificationMessages.underReview })).toBeTruthy();
    expect(screen.getByText(/up to 24 hours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('offers Try Again when the user details fail to load', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({ [INFO]: () => (++calls === 1 ? { status: 500, body: {} } : { status: 200, body: userInfo('false') }) });
    open();
    expect(await screen.findByText(verificationMessages.fetchFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
  });
});

describe('verification page, signed out', () => {
  it('asks for a login and calls nothing', () => {
    const fetchMock = stubFetch({});
    open();
    expect(screen.getByRole('heading', { name: 'Log in to verify your identity' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('verificationState', () => {
  it('reads "true" as verified, "pending" as under review and anything else as not verified', () => {
    expect(verificationState('true')).toBe('verified');
    expect(verificationState('pending')).toBe('pending');
    expect(verificationState('false')).toBe('unverified');
    expect(VERIFICATION_STEPS).toHaveLength(5);
  });
});
