import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ZodError } from 'zod';
import { accountAreaMessages, verificationMessages, type UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchUserInformation } from '../../../shared/api/account';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { readSession, saveProfile } from '../../../shared/session/session';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { UserIdMissing } from '../UserIdMissing';
import { ProfileDetails } from './ProfileDetails';

/** What a page that came back from a change says once (the nickname screen sets it). */
function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

function Profile({ userId }: { userId: string }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const notice = noticeOf(useLocation().state);
  const info = useAsync<UserInformationResponse>('user-information', userId, (signal) => fetchUserInformation(userId, signal));
  const status = info.data?.user_detail.is_verified;

  // The header and landing page read the stored flag: keep it as fresh as the answer shown here.
  useEffect(() => {
    if (status) saveProfile({ isVerified: status });
  }, [status]);

  if (info.status === 'error' && info.data === null) {
    // An answer the contract cannot read is the spec's "format invalid"; anything else, a failed fetch.
    const message = info.error instanceof ZodError ? accountAreaMessages.userDataInvalid : verificationMessages.fetchFailed;
    return <LoadFailed message={message} onRetry={info.reload} />;
  }
  if (info.data === null) {
    return (
      <div className="card account-state">
        <Spinner label={t`Loading your profile`} />
      </div>
    );
  }
  return (
    <>
      {notice && (
        <p className="form-success" role="status">
          {contractText(notice)}
        </p>
      )}
      <ProfileDetails info={info.data} />
    </>
  );
}

/** /account/profile (spec 3 §2). */
export default function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const userId = readSession()?.userId || null;
  return (
    <div className="container account-page">
      <h1 className="account-page__title">
        <Trans>Profile</Trans>
      </h1>
      {userId ? <Profile userId={userId} /> : <UserIdMissing />}
    </div>
  );
}
