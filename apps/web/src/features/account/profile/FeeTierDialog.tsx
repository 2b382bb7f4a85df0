import { accountAreaMessages, type FeeTierResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCurrency } from '../../../shared/format/balance';
import { formatFixed } from '../../../shared/format/number';
import { useAsync } from '../../../shared/hooks/useAsync';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { fetchFeeTier } from '../../../shared/api/feeTier';
import { LoadFailed } from '../LoadFailed';
import { feeTierLabels, ratePercent } from './feeTierText';

function Progress({ label, value, target }: { label: string; value: string; target: string }) {
  const share = Math.min(100, (Number(value) / Number(target)) * 100 || 0);
  const shown = formatCurrency(value);
  const goal = formatFixed(target, 0);
  return (
    <div className="fee-tier__progress">
      <div className="fee-tier__progress-head">
        <span className="muted">{label}</span>
        <span>
          <Trans>
            {shown} of {goal} USDT
          </Trans>
        </span>
      </div>
      <progress max={100} value={share} aria-label={label} />
    </div>
  );
}

function FeeTierDetails({ tier }: { tier: FeeTierResponse }) {
  const { t, i18n } = useLingui();
  const volume = formatFixed(tier.premium_volume_usdt, 0);
  const assets = formatFixed(tier.premium_assets_usdt, 0);
  const maker = ratePercent(tier.spot_maker_rate);
  const taker = ratePercent(tier.spot_taker_rate);
  const futuresMaker = ratePercent(tier.futures_maker_rate);
  const futuresTaker = ratePercent(tier.futures_taker_rate);
  const days = tier.window_days;
  const spotVolume = formatCurrency(tier.spot_volume_usdt);
  const futuresVolume = formatCurrency(tier.futures_volume_usdt);
  const current = i18n._(feeTierLabels[tier.tier]);
  return (
    <div className="fee-tier">
      <p className="fee-tier__current">
        <Trans>
          Your tier: <strong data-testid="fee-tier-current">{current}</strong>
        </Trans>
      </p>
      <Progress label={t`${days}-day trading volume`} value={tier.volume_usdt} target={tier.premium_volume_usdt} />
      <p className="muted fee-tier__note">
        <Trans>
          Spot {spotVolume} USDT, futures {futuresVolume} USDT.
        </Trans>
      </p>
      <Progress label={t`Assets`} value={tier.assets_usdt} target={tier.premium_assets_usdt} />
      <h3 className="fee-tier__subtitle">
        <Trans>Your fees</Trans>
      </h3>
      <dl className="fee-tier__rates">
        <div>
          <dt>{t`Spot maker`}</dt>
          <dd data-testid="fee-tier-maker">{maker}</dd>
        </div>
        <div>
          <dt>{t`Spot taker`}</dt>
          <dd data-testid="fee-tier-taker">{taker}</dd>
        </div>
        <div>
          <dt>{t`Futures maker`}</dt>
          <dd data-testid="fee-tier-futures-maker">{futuresMaker}</dd>
        </div>
        <div>
          <dt>{t`Futures taker`}</dt>
          <dd data-testid="fee-tier-futures-taker">{futuresTaker}</dd>
        </div>
      </dl>
      <div className="fee-tier__scroll">
        <table className="fee-tier__table">
          <caption className="sr-only">{t`Trading fee tiers`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Tier`}</th>
              <th scope="col">{t`${days}-day trading volume`}</th>
              <th scope="col">{t`Assets`}</th>
            </tr>
          </thead>
          <tbody>
            <tr aria-current={tier.tier === 'level_1' ? 'true' : undefined}>
              <th scope="row">{i18n._(feeTierLabels.level_1)}</th>
              <td>{t`below ${volume} USDT`}</td>
              <td>{t`or below ${assets} USDT`}</td>
            </tr>
            <tr aria-current={tier.tier === 'premium' ? 'true' : undefined}>
              <th scope="row">{i18n._(feeTierLabels.premium)}</th>
              <td>{t`${volume} USDT or more`}</td>
              <td>{t`and ${assets} USDT or more`}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted fee-tier__note">
        <Trans>
          Trading volume counts your spot and futures trades of the last {days} days; assets are your balances in every wallet and in Earn at
          last prices. A spot fee is taken from what you receive: the maker fee when your order was waiting in the book, the taker fee when it
          met one there; a futures fee is a share of the position value, at the maker or the taker rate the same way.
        </Trans>
      </p>
    </div>
  );
}

function FeeTierBody({ uid }: { uid: number }) {
  const { t } = useLingui();
  const tier = useAsync('fee-tier', String(uid), (signal) => fetchFeeTier(uid, signal));
  if (tier.status === 'error' && tier.data === null) return <LoadFailed message={accountAreaMessages.dataFailed} onRetry={tier.reload} />;
  if (tier.data === null) {
    return (
      <div className="account-state">
        <Spinner label={t`Loading your fee tier`} />
      </div>
    );
  }
  return <FeeTierDetails tier={tier.data} />;
}

interface FeeTierDialogProps {
  uid: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 3 §2, §9: the tiers, their thresholds and rates, and where the user stands. */
export function FeeTierDialog({ uid, open, onOpenChange }: FeeTierDialogProps) {
  const { t } = useLingui();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t`Trading fee tiers`} className="fee-tier-dialog">
      {open && <FeeTierBody uid={uid} />}
    </Modal>
  );
}
