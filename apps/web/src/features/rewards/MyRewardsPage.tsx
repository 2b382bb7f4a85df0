import { Link } from 'react-router';
import { assetsMessages, rewardMessages, type RewardRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatBalance } from '../../shared/format/balance';
import { formatDateTime, walletLabel } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { readSession } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { TableHead, type TableColumn } from '../../shared/ui/TableHead';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../../shared/ui/wallet.css';
import { fetchRewards } from './api';
import { LoadState } from '../../shared/ui/LoadState';
import { RewardsNav } from './RewardsNav';
import './rewards.css';

const KIND_LABELS: Record<RewardRecord['kind'], MessageDescriptor> = { newcomer_gift: msg`Newcomer gift` };

const COLUMNS: readonly TableColumn[] = [{ label: msg`Reward` }, { label: msg`Amount`, numeric: true }, { label: msg`Wallet` }, { label: msg`Date` }];

function RewardsTable({ uid }: { uid: number }) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const rewards = useAsync('rewards', String(uid), (signal) => fetchRewards(uid, signal));
  const rows = rewards.status === 'ready' ? rewards.data : null;
  return (
    <section className="card wallet-card" aria-labelledby="rewards-received">
      <h2 id="rewards-received" className="wallet-card__title">
        <Trans>Rewards received</Trans>
      </h2>
      <LoadState
        status={rewards.status}
        loadingLabel={t`Loading your rewards`}
        error={<span>{contractText(rewardMessages.loadRewardsFailed)}</span>}
        retryLabel={t`Try Again`}
        onRetry={rewards.reload}
      />
      {rows && rows.length === 0 && (
        <div className="wallet-state">
          <strong>
            <Trans>No rewards yet</Trans>
          </strong>
          <span className="muted">
            <Trans>Rewards of the running campaigns appear here once they are booked to your wallet.</Trans>
          </span>
        </div>
      )}
      {rows && rows.length > 0 && (
        <div className="wallet-scroll">
          <table className="wallet-table wallet-table--stack">
            <TableHead columns={COLUMNS} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label={t`Reward`}>
                    <strong>{i18n._(KIND_LABELS[r.kind])}</strong>
                  </td>
                  <td data-label={t`Amount`} className="num">
                    {formatBalance(r.amount)} {r.asset}
                  </td>
                  <td data-label={t`Wallet`}>{i18n._(walletLabel(r.wallet))}</td>
                  <td data-label={t`Date`} className="muted">
                    {formatDateTime(r.created_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted rewards-note">
        <Trans>
          The newcomer gift is demo USDT booked to your spot wallet when your account is created. See what else is running in the{' '}
          <Link to="/pages/morePages/CampaignCenter">Campaign Center</Link>.
        </Trans>
      </p>
    </section>
  );
}

/** /pages/morePages/MyRewards: the rewards booked to the signed-in user, read from the ledger. */
export default function MyRewardsPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  usePageTitle(t`My Rewards`);
  const session = readSession();
  return (
    <div className="container wallet-page">
      <h1 className="wallet-page__title">
        <Trans>My Rewards</Trans>
      </h1>
      <RewardsNav />
      {!session && <LoginPrompt title={t`Log in to see your rewards`} text={t`Your newcomer gift and other rewards appear here once you log in.`} />}
      {session && session.uid === null && <LoginPrompt title={contractText(assetsMessages.userIdMissing)} text={t`Log in again to load your rewards.`} />}
      {session && session.uid !== null && <RewardsTable uid={session.uid} />}
    </div>
  );
}
