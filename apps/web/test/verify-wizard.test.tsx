import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys, verificationMessages as m } from '@exchange/contract';
import VerificationPage from '../src/features/verify/VerificationPage';
import { canGoNext, initialWizard, submitProblem } from '../src/features/verify/wizard/wizardState';
import { renderAt, resetPageTest, signInTestUser, stubFetch } from './auth-test-utils';

afterEach(resetPageTest);

const INFO = '/getUserInformation/';
const STATUS = '/verification/user=';
const UPLOAD = '/upload-kyc/user=';

const unverified = {
  user: {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@example.com',
    uid: 42,
    referral_code: 'ABC123',
    role: 'client',
    email_verified: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  user_detail: { phone_number: null, user_country: 'PH', user_profile: null, tier: false, is_verified: 'false' },
};
const uploaded = { success: true, message: m.submitted, is_verified: 'pending', submitted_at: '2026-01-01T00:00:00.000Z' };

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function open(upload: { status: number; body: unknown } = { status: 201, body: uploaded }) {
  const fetchMock = stubFetch({
    [INFO]: { status: 200, body: unverified },
    [STATUS]: { status: 200, body: { is_verified: 'false', submission: null } },
    [UPLOAD]: upload,
  });
  renderAt('/account/profile/verify', '/account/profile/verify', <VerificationPage />);
  return fetchMock;
}

const next = () => screen.getByRole('button', { name: 'Next' });

describe('verification wizard', () => {
  beforeEach(signInTestUser);

  it('walks a driver’s licence through the five steps and uploads the form of spec 3 §7', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));

    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect((screen.getByLabelText('Country or region that issued your ID') as HTMLSelectElement).value).toBe('PH');
    expect(screen.getAllByRole('option')).toHaveLength(24);
    await user.click(next());

    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Driver's License/ }));

    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText("Front of your Driver's License"), png('front.png'));
    expect(next()).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText("Back of your Driver's License"), png('back.png'));
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());

    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit Verification' });
    expect(submit).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('Or upload a selfie'), png('me.png'));
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Verification Submitted' })).toBeTruthy();
    expect(screen.getByText('Pending Review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Done' }).getAttribute('href')).toBe('/');
    expect(localStorage.getItem(storageKeys.isVerified)).toBe('pending');

    const call = fetchMock.mock.calls.find(([url]) => String(url).includes(UPLOAD));
    expect(String(call?.[0])).toBe('/api/user_account/upload-kyc/user=user-1');
    expect(call?.[1]?.method).toBe('POST');
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    const form = call?.[1]?.body as FormData;
    expect(form.get('document_type')).toBe('drivers_license');
    expect(form.get('country')).toBe('PH');
    expect((form.get('front_captured_image') as File).name).toBe('front.png');
    expect((form.get('back_captured_image') as File).name).toBe('back.png');
    expect((form.get('captured_selfie') as File).name).toBe('me.png');
  });

  it('asks a passport for its front only and sends no back', async () => {
    const user = userEvent.setup();
    const fetchMock = open();
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Passport/ }));
    expect(screen.queryByLabelText('Back of your Passport')).toBeNull();
    await user.upload(screen.getByLabelText('Front of your Passport'), png('front.png'));
    await user.click(next());
    await user.upload(screen.getByLabelText('Or upload a selfie'), png('me.png'));
    await user.click(screen.getByRole('button', { name: 'Submit Verification' }));
    await screen.findByRole('heading', { name: 'Verification Submitted' });
    const form = fetchMock.mock.calls.find(([url]) => String(url).includes(UPLOAD))?.[1]?.body as FormData;
    expect(form.get('document_type')).toBe('passport');
    expect(form.has('back_captured_image')).toBe(false);
  });

  it('refuses a file that is no PNG or JPEG, and stepping back clears the error', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Passport/ }));
    await user.upload(screen.getByLabelText('Front of your Passport'), new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(m.frontNotImage);
    expect(next()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal and stays on the selfie step', async () => {
    const user = userEvent.setup();
    open({ status: 409, body: { message: m.alreadyPending, code: 'VERIFICATION_PENDING' } });
    await user.click(await screen.findByRole('button', { name: 'Start Verification' }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /Passport/ }));
    await user.upload(screen.getByLabelText('Front of your Passport'), png('front.png'));
    await user.click(next());
    await user.upload(screen.getByLabelText('Or upload a selfie'), png('me.png'));
    await user.click(screen.getByRole('button', { name: 'Submit Verification' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(m.alreadyPending));
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.isVerified)).toBe('false');
  });
});

describe('wizard rules (spec 3 §5)', () => {
  const passport = { name: 'Passport', apiValue: 'passport', needsBack: false, recommended: false } as const;
  const licence = { name: "Driver's License", apiValue: 'drivers_license', needsBack: true, recommended: true } as const;
  const file = png('x.png');

  it('disables Next without a country, without the front (or the back where needed) and without a selfie', () => {
    expect(canGoNext({ ...initialWizard, step: 2, country: '' })).toBe(false);
    expect(canGoNext({ ...initialWizard, step: 2 })).toBe(true);
    expect(canGoNext({ ...initialWizard, step: 4, idType: licence, front: file })).toBe(false);
    expect(canGoNext({ ...initialWizard, step: 4, idType: licence, front: file, back: file })).toBe(true);
    expect(canGoNext({ ...initialWizard, step: 4, idType: passport, front: file })).toBe(true);
    expect(canGoNext({ ...initialWizard, step: 5, idType: passport, front: file })).toBe(false);
  });

  it('checks the submission in the spec’s words', () => {
    const ready = { ...initialWizard, step: 5 as const, idType: licence, front: file, back: file, selfie: file };
    expect(submitProblem(ready, null)).toBe(m.userIdMissingSubmit);
    expect(submitProblem({ ...ready, idType: null }, 'u')).toBe(m.idTypeInvalid);
    expect(submitProblem({ ...ready, selfie: null }, 'u')).toBe(m.imagesMissing);
    expect(submitProblem({ ...ready, back: null }, 'u')).toBe("Back side of Driver's License is required.");
    expect(submitProblem(ready, 'u')).toBeNull();
  });
});
