import { useState } from 'react';
import { Link } from 'react-router';
import { earnMessages, fundsMessages, type EarnPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBalance, formatPercent } from '../../../shared/format/balance';
import { formatDay } from '../../../shared/format/date';
import { formatDateTime } from '../../../shared/format/wallet';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { useSession } from '../../../shared/session/useSession';
import { LoginPrompt } from '../../../shared/ui/LoginPrompt';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { fetchEarnings, fetchPositions } from '../api/earnApi';
import { RedeemDialog } from '../components/RedeemDialog';
import { TokenCell } from '../components/TokenCell';
import { useTermLabel } from '../components/useTermLabel';
import { aprPercent } from '../model/earnMath';

/** My earnings (issue 18): what is in Earn, the interest paid, each position with its redemption. */
export default function MyEarningsPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = useSession();
  const uid = session?.uid ?? null;
  usePageTitle(t`My earnings`);
  return (
    <div className="container earn-body earn-page">
      <h1 className="earn-page__title">
        <Trans>My earnings</Trans>
      </h1>
      {uid === null ? (
        <LoginPrompt title={session ? contractText(fundsMessages.userIdMissing) : t`Log in to see your earnings`} text={t`Log in to see your Earn positions and the interest they have paid.`} />
      ) : (
        <Earnings uid={uid} />
      )}
    </div>
  );
}

function Earnings({ uid }: { uid: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const termLabel = useTermLabel();
  const positions = useAsync('earn-positions', `positions|${uid}`, (signal) => fetchPositions(uid, signal));
  const earnings = useAsync('earn-earnings', `earnings|${uid}`, (signal) => fetchEarnings(uid, signal));
  const [chosen, setChosen] = useState<EarnPosition | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => {
    positions.reload();
    earnings.reload();
  };

  if (positions.status === 'error' || earnings.status === 'error') {
    return (
      <div className="earn-state" role="alert">
        <span>{contractText(earnMessages.positionsFailed)}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={reload}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  }
  if (!positions.data || !earnings.data) {
    return (
      <div className="earn-state">
        <Spinner label={t`Loading your earnings`} />
      </div>
    );
  }
  const live = positions.data.filter((p) => p.status !== 'redeemed');
  const past = positions.data.filter((p) => p.status === 'redeemed');

  const statusText = (p: EarnPosition) => {
    if (p.status === 'redeemed') return t`Redeemed`;
    if (p.status === 'redeeming') return t`Redeeming`;
    if (p.matures_at && !p.redeemable) {
      const date = formatDateTime(p.matures_at);
      return t`Matures ${date}`;
    }
    return t`Active`;
  };

  return (
    <>
      {notice && (
        <p className="form-success" role="status">
          {contractText(notice)}
        </p>
      )}
      <section className="earn-totals" aria-label={t`Totals`}>
        {earnings.data.totals.length === 0 ? (
          <div className="card earn-empty">
            <strong>
              <Trans>You have no Earn products yet</Trans>
            </strong>
            <Link to="/earn/simple-earn" className="btn btn-primary">
              <Trans>Explore Simple Earn</Trans>
            </Link>
          </div>
        ) : (
          earnings.data.totals.map((row) => (
            <div key={row.symbol} className="card earn-total">
              <span className="muted">{row.symbol}</span>
              <dl className="earn-summary">
                <div>
                  <dt>
                    <Trans>In Earn</Trans>
                  </dt>
                  <dd>{formatBalance(row.principal)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Interest earned</Trans>
                  </dt>
                  <dd className="up">{formatBalance(row.interest)}</dd>
                </div>
              </dl>
            </div>
          ))
        )}
      </section>

      {[
        { title: t`Positions`, rows: live, key: 'live' },
        { title: t`Redeemed`, rows: past, key: 'past' },
      ]
        .filter((block) => block.key === 'live' || block.rows.length > 0)
        .map((block) => (
          <section key={block.key} className="earn-section" aria-label={block.title}>
            <h2 className="earn-section__title">{block.title}</h2>
            {block.rows.length === 0 ? (
              <p className="muted">
                <Trans>No active positions.</Trans>
              </p>
            ) : (
              <div className="earn-scroll">
                <table className="earn-table earn-table--stack">
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Token</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Term</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Amount</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>APR</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Interest earned</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Status</Trans>
                      </th>
                      <th scope="col" className="num">
                        <Trans>Action</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((p) => {
                      const symbol = p.symbol;
                      return (
                        <tr key={p.id} data-testid="earn-position">
                          <td className="earn-table__lead">
                            <TokenCell symbol={symbol} name={p.name} logo={p.logo_path} />
                          </td>
                          <td data-label={t`Term`}>
                            {termLabel(p)}
                            {p.auto && (
                              <span className="earn-badge">
                                <Trans>Auto</Trans>
                              </span>
                            )}
                          </td>
                          <td data-label={t`Amount`} className="num">
                            {formatBalance(p.principal)} {symbol}
                          </td>
                          <td data-label={t`APR`} className="num">
                            {formatPercent(aprPercent(p.apr))}
                          </td>
                          <td data-label={t`Interest earned`} className="num up">
                            {formatBalance(p.interest)} {symbol}
                          </td>
                          <td data-label={t`Status`}>{statusText(p)}</td>
                          <td data-label={t`Action`} className="num">
                            {p.status === 'active' && (
                              <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Redeem ${symbol}`} onClick={() => setChosen(p)}>
                                <Trans>Redeem</Trans>
                              </button>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        ))}

      {earnings.data.payments.length > 0 && (
        <section className="earn-section" aria-labelledby="earn-payments">
          <h2 id="earn-payments" className="earn-section__title">
            <Trans>Daily interest</Trans>
          </h2>
          <div className="earn-scroll">
            <table className="earn-table earn-table--stack">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Day (UTC)</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Token</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>APR</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Interest</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {earnings.data.payments.map((pay) => (
                  <tr key={`${pay.position_id}-${pay.day}`}>
                    <td className="earn-table__lead">{formatDay(pay.day)}</td>
                    <td data-label={t`Token`}>{pay.symbol}</td>
                    <td data-label={t`Amount`} className="num">
                      {formatBalance(pay.principal)}
                    </td>
                    <td data-label={t`APR`} className="num">
                      {formatPercent(aprPercent(pay.apr))}
                    </td>
                    <td data-label={t`Interest`} className="num up">
                      +{formatBalance(pay.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <RedeemDialog
        position={chosen}
        uid={uid}
        onClose={() => setChosen(null)}
        onRedeemed={() => {
          setChosen(null);
          setNotice(earnMessages.redeemed);
          reload();
        }}
      />
    </>
  );
}
