import { Check, Copy } from 'lucide-react';
import { assetsMessages, rewardMessages, type ReferralsResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { readSession } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { TableHead, type TableColumn } from '../../shared/ui/TableHead';
import { useCopy } from '../../shared/hooks/useCopy';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../../shared/ui/wallet.css';
import { fetchReferrals } from './api';
import { LoadState } from '../../shared/ui/LoadState';
import { RewardsNav } from './RewardsNav';
import './rewards.css';

const COLUMNS: readonly TableColumn[] = [{ label: msg`Email` }, { label: msg`Joined` }, { label: msg`Email verified` }, { label: msg`Identity verified` }];

function CopyRow({ id, label, value, copyLabel }: { id: string; label: string; value: string; copyLabel: string }) {
  const { state, copy } = useCopy();
  return (
    <div className="referral-field">
      <span id={id} className="referral-field__label muted">
        {label}
      </span>
      <div className="referral-field__row">
        <output aria-labelledby={id} className="referral-field__value">
          {value}
        </output>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={copyLabel} onClick={() => void copy(value)}>
          {state === 'copied' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          <span aria-hidden>{state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
        </button>
      </div>
      {/* The button shows "Copied" to the eye; screen readers hear it here. */}
      <span className="sr-only" role="status">
        {state === 'copied' && <Trans>Copied</Trans>}
      </span>
      {state === 'failed' && (
        <span className="referral-field__error" role="alert">
          <Trans>Copy failed: select the text and copy it yourself.</Trans>
        </span>
      )}
    </div>
  );
}

function ReferredTable({ referred }: { referred: ReferralsResponse['referred'] }) {
  const { t } = useLingui();
  const yes = t`Yes`;
  const no = t`Not yet`;
  if (referred.length === 0) {
    return (
      <div className="wallet-state">
        <strong>
          <Trans>No one has signed up with your code yet</Trans>
        </strong>
        <span className="muted">
          <Trans>Share your link: friends who sign up with it appear here.</Trans>
        </span>
      </div>
    );
  }
  return (
    <div className="wallet-scroll">
      <table className="wallet-table wallet-table--stack">
        <TableHead columns={COLUMNS} />
        <tbody>
          {referred.map((r, i) => (
            <tr key={`${r.joined_at}-${i}`}>
              <td data-label={t`Email`}>{r.email}</td>
              <td data-label={t`Joined`} className="muted">
                {formatDateTime(r.joined_at)}
              </td>
              <td data-label={t`Email verified`}>{r.email_verified ? yes : no}</td>
              <td data-label={t`Identity verified`}>{r.identity_verified ? yes : no}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Referrals({ uid }: { uid: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const referrals = useAsync('referrals', String(uid), (signal) => fetchReferrals(uid, signal));
  const data = referrals.status === 'ready' ? referrals.data : null;
  const count = data?.referred.length ?? 0;
  return (
    <>
      <LoadState
        status={referrals.status}
        loadingLabel={t`Loading your referrals`}
        error={<span>{contractText(rewardMessages.loadReferralsFailed)}</span>}
        retryLabel={t`Try Again`}
        onRetry={referrals.reload}
      />
      {data && (
        <>
          <section className="card wallet-card referral-share" aria-labelledby="referral-share">
            <h2 id="referral-share" className="wallet-card__title">
              <Trans>Invite friends</Trans>
            </h2>
            <p className="muted">
              <Trans>Friends who open your link find your code filled in on the sign-up form; they can also type it there.</Trans>
            </p>
            <CopyRow id="referral-code" label={t`Your referral code`} value={data.referral_code} copyLabel={t`Copy referral code`} />
            <CopyRow
              id="referral-link"
              label={t`Your referral link`}
              value={`${window.location.origin}${data.referral_path}`}
              copyLabel={t`Copy referral link`}
            />
          </section>
          <section className="card wallet-card" aria-labelledby="referred-users">
            <h2 id="referred-users" className="wallet-card__title">
              <Trans>Referred users ({count})</Trans>
            </h2>
            <ReferredTable referred={data.referred} />
          </section>
          <section className="card wallet-card" aria-labelledby="referral-rewards">
            <h2 id="referral-rewards" className="wallet-card__title">
              <Trans>Referral rewards</Trans>
            </h2>
            <p className="muted">
              <Trans>
                None yet: referral rewards are not paid yet. Every friend who signs up with your code is recorded from today, and when the
                rewards start they will be booked to your wallet and listed on My Rewards.
              </Trans>
            </p>
          </section>
        </>
      )}
    </>
  );
}

/** /pages/morePages/Referral: the user's code and link to share, and who signed up with them. */
export default function ReferralPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  usePageTitle(t`Referral`);
  const session = readSession();
  return (
    <div className="container wallet-page">
      <h1 className="wallet-page__title">
        <Trans>Referral</Trans>
      </h1>
      <RewardsNav />
      {!session && <LoginPrompt title={t`Log in to invite friends`} text={t`Your referral code, your link and the friends who joined appear here once you log in.`} />}
      {session && session.uid === null && <LoginPrompt title={contractText(assetsMessages.userIdMissing)} text={t`Log in again to load your referrals.`} />}
      {session && session.uid !== null && <Referrals uid={session.uid} />}
    </div>
  );
}
