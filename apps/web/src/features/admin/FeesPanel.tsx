import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminFeeChangeRequest, OPERATOR_REASON_MAX, type AdminFeeRow, type FeeTierName } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatExact } from '../../shared/format/number';
import { percentOfRate, rateOfPercent } from '../../shared/format/decimal';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { LoadState } from '../../shared/ui/LoadState';
import { Modal } from '../../shared/ui/Modal';
import { NumberInput } from '../../shared/ui/NumberInput';
import { changeFees, fetchFees } from './api';
import { CodeField, FormError, ReasonField, useOperatorSubmit } from './OperatorForm';

const ID = 'admin-fee';

function useTierName() {
  const { t } = useLingui();
  return (tier: FeeTierName) => (tier === 'level_1' ? t`Level 1` : t`Premium Tier`);
}

/** A rate of the server ("0.001") as people read it ("0.1 %"), digit for digit. */
function percentText(rate: string): string {
  return `${formatExact(percentOfRate(rate) ?? rate)} %`;
}

/** A tier's new spot and futures maker and taker rates, typed as percentages, with a reason and the administrator's authenticator code. */
function FeeForm({ fee, onDone, onCancel }: { fee: AdminFeeRow; onDone: (fee: AdminFeeRow) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [maker, setMaker] = useState(() => percentOfRate(fee.maker_rate) ?? '');
  const [taker, setTaker] = useState(() => percentOfRate(fee.taker_rate) ?? '');
  const [futuresMaker, setFuturesMaker] = useState(() => percentOfRate(fee.futures_maker_rate) ?? '');
  const [futuresTaker, setFuturesTaker] = useState(() => percentOfRate(fee.futures_taker_rate) ?? '');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, run } = useOperatorSubmit(t`The fees could not be changed.`);
  const [local, setLocal] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const rate = (percent: string) => rateOfPercent(percent) ?? percent;
    const parsed = adminFeeChangeRequest.safeParse({
      maker_rate: rate(maker),
      taker_rate: rate(taker),
      futures_maker_rate: rate(futuresMaker),
      futures_taker_rate: rate(futuresTaker),
      reason,
      totp_code: code,
    });
    if (!parsed.success) {
      setLocal(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setLocal(null);
    await run(
      async () => onDone((await changeFees(fee.tier, parsed.data)).fee),
      () => setCode(''),
    );
  };
  const shown = local ?? error;
  return (
    <form className="admin-form admin-form--grid admin-fee-form" aria-label={t`Change fees`} onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={`${ID}-maker`}>{t`Spot maker fee (%)`}</label>
      <NumberInput id={`${ID}-maker`} required value={maker} aria-describedby={`${ID}-rates-hint`} onValueChange={setMaker} />
      <label htmlFor={`${ID}-taker`}>{t`Spot taker fee (%)`}</label>
      <div className="admin-field">
        <NumberInput id={`${ID}-taker`} required value={taker} aria-describedby={`${ID}-rates-hint`} onValueChange={setTaker} />
        <span id={`${ID}-rates-hint`} className="muted admin-hint">
          {t`From 0 to 1 %, of what each side receives. Charged from the next order on every server process.`}
        </span>
      </div>
      <label htmlFor={`${ID}-futures-maker`}>{t`Futures maker fee (%)`}</label>
      <NumberInput id={`${ID}-futures-maker`} required value={futuresMaker} aria-describedby={`${ID}-futures-hint`} onValueChange={setFuturesMaker} />
      <label htmlFor={`${ID}-futures-taker`}>{t`Futures taker fee (%)`}</label>
      <div className="admin-field">
        <NumberInput id={`${ID}-futures-taker`} required value={futuresTaker} aria-describedby={`${ID}-futures-hint`} onValueChange={setFuturesTaker} />
        <span id={`${ID}-futures-hint`} className="muted admin-hint">
          {t`From 0 to 1 %, of the position value. An order waiting in the book when a rate rises pays no more than its margin reserved.`}
        </span>
      </div>
      <ReasonField id={ID} max={OPERATOR_REASON_MAX} hint={t`Kept in the audit log with the rates before and after.`} value={reason} onChange={setReason} />
      <CodeField id={ID} label={t`Your authenticator code`} value={code} onChange={setCode} />
      <div className="admin-row admin-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          <Trans>Save fees</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      <FormError error={shown === null ? null : contractText(shown)} />
    </form>
  );
}

/** Fees (admin, issue 43): each tier's spot and futures maker and taker rate, changed in a dialog with the authenticator code. */
export function FeesPanel({ canManage }: { canManage: boolean }) {
  const { t } = useLingui();
  const tierName = useTierName();
  const fees = useAsync('admin-fees', 'all', (signal) => fetchFees(signal));
  const [editing, setEditing] = useState<AdminFeeRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = fees.data;
  return (
    <section className="card wallet-card" aria-labelledby="admin-fees">
      <h2 id="admin-fees" className="wallet-card__title">
        <Trans>Fees</Trans>
      </h2>
      <LoadState
        status={fees.status}
        loadingLabel={t`Loading the fees`}
        error={<span>{errorMessage(fees.error, t`The fees could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={fees.reload}
      />
      {done && (
        <p role="status" className="admin-ok">
          {done}
        </p>
      )}
      {data && (
        <div className="wallet-scroll">
          <table className="wallet-table wallet-table--stack">
            <caption className="sr-only">{t`Trading fees per fee tier`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Tier`}</th>
                <th scope="col">{t`Spot maker fee`}</th>
                <th scope="col">{t`Spot taker fee`}</th>
                <th scope="col">{t`Futures maker fee`}</th>
                <th scope="col">{t`Futures taker fee`}</th>
                <th scope="col">{t`Last changed`}</th>
                {canManage && <th scope="col">{t`Action`}</th>}
              </tr>
            </thead>
            <tbody>
              {data.items.map((f) => {
                const name = tierName(f.tier);
                return (
                  <tr key={f.tier}>
                    <td data-label={t`Tier`}>{name}</td>
                    <td data-label={t`Spot maker fee`}>{percentText(f.maker_rate)}</td>
                    <td data-label={t`Spot taker fee`}>{percentText(f.taker_rate)}</td>
                    <td data-label={t`Futures maker fee`}>{percentText(f.futures_maker_rate)}</td>
                    <td data-label={t`Futures taker fee`}>{percentText(f.futures_taker_rate)}</td>
                    <td data-label={t`Last changed`}>{f.updated_at ? t`${formatDateTime(f.updated_at)} by ${f.updated_by ?? ''}` : t`Never`}</td>
                    {canManage && (
                      <td data-label={t`Action`}>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={t`Change the fees of ${name}`}
                          onClick={() => {
                            setDone(null);
                            setEditing(f);
                          }}
                        >
                          <Trans>Change</Trans>
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Modal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={editing ? t`Change the fees of ${tierName(editing.tier)}` : ''} className="admin-fee-dialog">
        {editing && (
          <FeeForm
            key={editing.tier}
            fee={editing}
            onCancel={() => setEditing(null)}
            onDone={(fee) => {
              setEditing(null);
              setDone(
                t`The fees of ${tierName(fee.tier)} are changed: spot maker ${percentText(fee.maker_rate)}, taker ${percentText(fee.taker_rate)}; futures maker ${percentText(fee.futures_maker_rate)}, taker ${percentText(fee.futures_taker_rate)}.`,
              );
              fees.reload();
            }}
          />
        )}
      </Modal>
    </section>
  );
}
