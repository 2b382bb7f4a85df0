import { useEffect } from 'react';
import { verificationMessages as m, type UserInformationResponse } from '@exchange/contract';
import { fetchUserInformation } from '../../shared/api/account';
import { useAsync } from '../../shared/hooks/useAsync';
import { readSession, saveProfile } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { Spinner } from '../../shared/ui/Spinner';
import { VerificationStatus } from './VerificationStatus';
import './verify.css';

function UserVerification({ userId }: { userId: string }) {
  const info = useAsync<UserInformationResponse>(userId, (signal) => fetchUserInformation(userId, signal));
  const isVerified = info.status === 'ready' ? info.data?.user_detail.is_verified : undefined;

  // The header and landing page read the stored flag: keep it as fresh as the answer shown here.
  useEffect(() => {
    if (isVerified) saveProfile({ isVerified });
  }, [isVerified]);

  if (info.status === 'error') {
    return (
      <div className="card verify-state" role="alert">
        <span className="field-error">{m.fetchFailed}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={info.reload}>
          Try Again
        </button>
      </div>
    );
  }
  if (info.status === 'loading' || info.data === null) {
    return (
      <div className="card verify-state">
        <Spinner label="Loading your verification status" />
      </div>
    );
  }
  return <VerificationStatus info={info.data} />;
}

/** /account/profile/verify (spec 3 §2): the user's verification status from the API and what the wizard will ask for. */
export default function VerificationPage() {
  const session = readSession();
  return (
    <div className="container verify-page">
      <h1 className="verify-page__title">Identity Verification</h1>
      {!session && <LoginPrompt title="Log in to verify your identity" text="Your verification status and its steps appear here once you log in." />}
      {session && !session.userId && <LoginPrompt title={m.userIdMissing} text="Log in again to see your verification status." />}
      {session?.userId && <UserVerification userId={session.userId} />}
    </div>
  );
}
