import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { editProfileFields, verificationMessages, type UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { editProfile, fetchUserInformation } from '../../../shared/api/account';
import { errorMessage } from '../../../shared/api/http';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { readSession, saveProfile } from '../../../shared/session/session';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { UserIdMissing } from '../UserIdMissing';

const PROFILE_PATH = '/account/profile';
/** The nickname is the profile's name: the contract's rule for it, without the phone number. */
const nicknameField = editProfileFields.pick({ name: true });
const NICKNAME_MAX = 100;

function NicknameForm({ userId, current }: { userId: string; current: string }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const navigate = useNavigate();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nicknameField.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const answer = await editProfile(userId, { name: parsed.data.name });
      saveProfile({ fullName: answer.user.name });
      navigate(PROFILE_PATH, { state: { notice: answer.message } });
    } catch (failure) {
      setSaving(false);
      setError(errorMessage(failure, t`Failed to change the nickname. Please try again.`));
    }
  };

  return (
    <form className="card account-card account-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="field">
        <label htmlFor="nickname">
          <Trans>Nickname</Trans>
        </label>
        <input
          id="nickname"
          className="input"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby="nickname-hint"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <span id="nickname-hint" className="muted account-form__hint">
          <Trans>Shown on your profile. At most {NICKNAME_MAX} characters.</Trans>
        </span>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {contractText(error)}
        </p>
      )}
      <div className="account-form__actions">
        <Link to={PROFILE_PATH} className="btn btn-ghost">
          <Trans>Cancel</Trans>
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
        </button>
      </div>
    </form>
  );
}

function Nickname({ userId }: { userId: string }) {
  const { t } = useLingui();
  const info = useAsync<UserInformationResponse>('user-information', userId, (signal) => fetchUserInformation(userId, signal));
  if (info.status === 'error' && info.data === null) return <LoadFailed message={verificationMessages.fetchFailed} onRetry={info.reload} />;
  if (info.data === null) {
    return (
      <div className="card account-state">
        <Spinner label={t`Loading your profile`} />
      </div>
    );
  }
  return <NicknameForm userId={userId} current={info.data.user.name ?? ''} />;
}

/** /account/profile/change-nickname: the profile's name, saved through POST /edit_profile. */
export default function ChangeNicknamePage() {
  const { t } = useLingui();
  usePageTitle(t`Change nickname`);
  const userId = readSession()?.userId || null;
  return (
    <div className="container account-page account-page--narrow">
      <nav className="account-crumbs" aria-label={t`Breadcrumb`}>
        <Link to={PROFILE_PATH}>
          <Trans>Profile</Trans>
        </Link>
        <span aria-hidden>/</span>
        <span aria-current="page">
          <Trans>Change nickname</Trans>
        </span>
      </nav>
      <h1 className="account-page__title">
        <Trans>Change nickname</Trans>
      </h1>
      {userId ? <Nickname userId={userId} /> : <UserIdMissing />}
    </div>
  );
}
