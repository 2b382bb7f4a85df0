import { useEffect } from 'react';
import { verificationMessages as m, type UserInformationResponse, type VerificationStatusResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchUserInformation } from '../../shared/api/account';
import { useContractText } from '../../shared/i18n/contractText';
import { useAsync } from '../../shared/hooks/useAsync';
import { scopes } from '../../shared/query/keys';
import { readSession, saveProfile } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { Spinner } from '../../shared/ui/Spinner';
import { fetchVerificationStatus } from './api/verificationApi';
import { VerificationStatus } from './VerificationStatus';
import './verify.css';

/** How often a page under review asks again, so it turns to "verified" without a reload. */
const REVIEW_POLL_MS = 10_000;

function rejectionOf(status: VerificationStatusResponse | null): string | null {
  const last = status?.submission;
  return status?.is_verified === 'false' && last?.status === 'rejected' ? last.rejection_reason : null;
}

function UserVerification({ userId }: { userId: string }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const info = useAsync<UserInformationResponse>(scopes.userInformation, userId, (signal) => fetchUserInformation(userId, signal), {
    pollMs: (answer) => answer?.user_detail.is_verified === 'pending' && REVIEW_POLL_MS,
  });
  const isVerified = info.status === 'ready' ? info.data?.user_detail.is_verified : undefined;
  // Only a user who may submit needs to know why the last submission was turned down.
  const review = useAsync<VerificationStatusResponse>('verification-status', isVerified === 'false' ? userId : null, (signal) => fetchVerificationStatus(userId, signal));

  // The header and landing page read the stored flag: keep it as fresh as the answer shown here.
  useEffect(() => {
    if (isVerified) saveProfile({ isVerified });
  }, [isVerified]);

  if (info.status === 'error' && info.data === null) {
    return (
      <div className="card verify-state" role="alert">
        <span className="field-error">{contractText(m.fetchFailed)}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={info.reload}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  }
  if (info.data === null || (isVerified === 'false' && review.status === 'loading')) {
    return (
      <div className="card verify-state">
        <Spinner label={t`Loading your verification status`} />
      </div>
    );
  }
  return <VerificationStatus info={info.data} rejection={rejectionOf(review.data)} />;
}

/** /account/profile/verify (spec 3 §2): the user's verification status from the API, and the wizard while there is something to submit. */
export default function VerificationPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = readSession();
  return (
    <div className="container verify-page">
      <h1 className="verify-page__title">
        <Trans>Identity Verification</Trans>
      </h1>
      {!session && <LoginPrompt title={t`Log in to verify your identity`} text={t`Your verification status and its steps appear here once you log in.`} />}
      {session && !session.userId && <LoginPrompt title={contractText(m.userIdMissing)} text={t`Log in again to see your verification status.`} />}
      {session?.userId && <UserVerification userId={session.userId} />}
    </div>
  );
}
