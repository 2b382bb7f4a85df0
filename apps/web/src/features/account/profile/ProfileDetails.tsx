import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CircleUserRound } from 'lucide-react';
import clsx from 'clsx';
import type { UserInformationResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useComingSoon } from '../../../shared/coming-soon/ComingSoonProvider';
import { regionName } from '../../../shared/format/region';
import { CopyValue } from './CopyValue';
import { CountryDialog } from './CountryDialog';
import { FeeTierDialog } from './FeeTierDialog';
import { feeTierLabels } from './feeTierText';
import { MoreSettings } from './MoreSettings';
import { ProfileRow } from './ProfileRow';
import { identityStatusLabels } from './verificationStatus';

type Dialog = 'country' | 'fee-tier' | null;

/** The profile of spec 3 §2 from the user-information answer. */
export function ProfileDetails({ info }: { info: UserInformationResponse }) {
  const { t, i18n } = useLingui();
  const countryLabelId = useId();
  const openComingSoon = useComingSoon();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { user, user_detail: detail } = info;
  const status = detail.is_verified;
  const nickname = user.name?.trim() || null;
  const country = detail.user_country;
  const tier = detail.tier ? 'premium' : 'level_1';
  const dialogSetter = (which: Exclude<Dialog, null>) => (open: boolean) => setDialog(open ? which : null);

  return (
    <>
      <section className="card account-card account-who" aria-label={t`Account holder`}>
        {detail.user_profile ? (
          <img className="account-who__avatar" src={detail.user_profile} alt="" width={56} height={56} />
        ) : (
          <CircleUserRound className="account-who__avatar account-who__avatar--icon" size={56} aria-hidden />
        )}
        <div className="account-who__text">
          <strong className="account-who__name">{nickname ?? user.email}</strong>
          <span className={clsx('account-badge', `account-badge--${status}`)}>{i18n._(identityStatusLabels[status])}</span>
        </div>
        {status !== 'true' && (
          <Link to="/account/profile/verify" className="btn btn-primary btn-sm account-who__verify">
            {status === 'pending' ? <Trans>View status</Trans> : <Trans>Verify</Trans>}
          </Link>
        )}
      </section>

      <section className="card account-card" aria-labelledby="basic-info-title">
        <h2 id="basic-info-title" className="account-card__title">
          <Trans>Basic information</Trans>
        </h2>
        <dl className="account-rows">
          <ProfileRow
            label={<Trans>Nickname</Trans>}
            action={
              <Link to="/account/profile/change-nickname" className="btn btn-ghost btn-sm" aria-label={t`Change nickname`}>
                <Trans>Change</Trans>
              </Link>
            }
          >
            <span data-testid="profile-nickname">{nickname ?? <span className="muted">{t`Not set`}</span>}</span>
          </ProfileRow>
          <ProfileRow label={<Trans>User ID</Trans>}>
            <CopyValue value={user.id} label={t`User ID`} />
          </ProfileRow>
          <ProfileRow label={<Trans>UID</Trans>}>
            <CopyValue value={String(user.uid)} label={t`UID`} />
          </ProfileRow>
          <ProfileRow label={<Trans>Referral code</Trans>}>
            <CopyValue value={user.referral_code} label={t`Referral code`} />
          </ProfileRow>
          <ProfileRow
            label={<Trans>Country / region</Trans>}
            labelId={countryLabelId}
            action={
              <button type="button" className="btn btn-ghost btn-sm" aria-describedby={countryLabelId} onClick={() => setDialog('country')}>
                <Trans>View details</Trans>
              </button>
            }
          >
            {country ? regionName(country, country) : <span className="muted">{t`Not set`}</span>}
          </ProfileRow>
        </dl>
      </section>

      <section className="card account-card" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title" className="account-card__title">
          <Trans>Sign-in and contact</Trans>
        </h2>
        <dl className="account-rows">
          <ProfileRow
            label={<Trans>Password</Trans>}
            action={
              <Link to="/account/profile/security/change-password" className="btn btn-ghost btn-sm" aria-label={t`Change password`}>
                <Trans>Change</Trans>
              </Link>
            }
          >
            <span aria-hidden>••••••••</span>
            <span className="sr-only">{t`Password set`}</span>
          </ProfileRow>
          <ProfileRow
            label={<Trans>Email</Trans>}
            action={
              <Link to="/account/profile/security/change-email" className="btn btn-ghost btn-sm" aria-label={t`Change email`}>
                <Trans>Change</Trans>
              </Link>
            }
          >
            {user.email}
          </ProfileRow>
          <ProfileRow
            label={<Trans>Phone</Trans>}
            action={
              <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Change phone`} onClick={openComingSoon}>
                <Trans>Change</Trans>
              </button>
            }
          >
            {detail.phone_number ?? <span className="muted">{t`Not set`}</span>}
          </ProfileRow>
        </dl>
      </section>

      <section className="card account-card" aria-labelledby="fee-tier-title">
        <h2 id="fee-tier-title" className="account-card__title">
          <Trans>Trading fee tier</Trans>
        </h2>
        <dl className="account-rows">
          <ProfileRow
            label={<Trans>Your tier</Trans>}
            action={
              <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Fee tier details`} onClick={() => setDialog('fee-tier')}>
                <Trans>Details</Trans>
              </button>
            }
          >
            <strong data-testid="profile-fee-tier">{i18n._(feeTierLabels[tier])}</strong>
          </ProfileRow>
        </dl>
      </section>

      <MoreSettings />

      <CountryDialog open={dialog === 'country'} onOpenChange={dialogSetter('country')} country={country} status={status} />
      <FeeTierDialog uid={user.uid} open={dialog === 'fee-tier'} onOpenChange={dialogSetter('fee-tier')} />
    </>
  );
}
