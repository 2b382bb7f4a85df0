import type { WalletBalancesResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatCurrency } from '../format/balance';
import { HeldList } from './HeldList';
import { sumHeld } from './held';
import '../ui/wallet.css';
import './wallet-summary.css';

const WALLETS = [
  { key: 'funding', label: msg`Funding` },
  { key: 'spot', label: msg`Spot` },
  { key: 'futures', label: msg`Futures` },
] as const;

interface WalletSummaryProps {
  totals: WalletBalancesResponse['totals'];
  /** Shows every value as this text instead (the account page's hidden balances). */
  mask?: string;
}

/**
 * Each wallet's value in USDT as available, held (by what holds it) and total, then Earn, then the
 * sum: the server's totals, each exactly the sum of its rows.
 */
export function WalletSummary({ totals, mask }: WalletSummaryProps) {
  const { t, i18n } = useLingui();
  const show = (value: string | number) => mask ?? formatCurrency(value);
  return (
    <div className="wallet-scroll">
      <table className="wallet-table wallet-table--stack wallet-summary" aria-label={t`Balance by wallet (USDT)`}>
        <thead>
          <tr>
            <th>
              <Trans>Wallet</Trans>
            </th>
            <th className="num">
              <Trans>Available</Trans>
            </th>
            <th className="num">
              <Trans>In orders or held</Trans>
            </th>
            <th className="num">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {WALLETS.map(({ key, label }) => (
            <tr key={key} data-testid={`wallet-row-${key}`}>
              <td className="wallet-table__lead">{i18n._(label)}</td>
              <td data-label={t`Available`} className="num" data-part="available">
                {show(totals[key].available)}
              </td>
              <td data-label={t`In orders or held`} className="num" data-part="held">
                {mask ?? <HeldList held={sumHeld([totals[key].held])} format={formatCurrency} />}
              </td>
              <td data-label={t`Total`} className="num" data-part="total">
                {show(totals[key].total)}
              </td>
            </tr>
          ))}
          <tr data-testid="wallet-row-earn">
            <td className="wallet-table__lead">
              <Trans>Earn</Trans>
            </td>
            <td data-label={t`Available`} className="num" data-part="available">
              {show(0)}
            </td>
            <td data-label={t`In orders or held`} className="num" data-part="held">
              {mask ?? <HeldList held={sumHeld([], totals.earn)} format={formatCurrency} />}
            </td>
            <td data-label={t`Total`} className="num" data-part="total">
              {show(totals.earn)}
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr data-testid="wallet-row-total">
            <th scope="row" className="wallet-table__lead">
              <Trans>Total</Trans>
            </th>
            <td data-label={t`Available`} className="num" />
            <td data-label={t`In orders or held`} className="num" />
            <td data-label={t`Total`} className="num" data-part="total">
              <strong>{show(totals.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
