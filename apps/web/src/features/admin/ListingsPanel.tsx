import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPERATOR_REASON_MAX, type AdminListableRow, type AdminListingRow } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatExact } from '../../shared/format/number';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { queryClient } from '../../shared/query/queryClient';
import { LoadState } from '../../shared/ui/LoadState';
import { NumberInput } from '../../shared/ui/NumberInput';
import { fetchListings, listMarket } from './api';
import { draftOf, problemOf, requestOf, type ListingDraft, type ListingField, type ListingProblem } from './listingFields';
import { ReasonField } from './OperatorForm';

const ID = 'admin-listing';

function SizeField({ name, label, value, problem, onChange }: { name: ListingField; label: string; value: string; problem: string | null; onChange: (value: string) => void }) {
  const id = `${ID}-${name}`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="admin-field">
        <NumberInput id={id} required value={value} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onValueChange={onChange} />
        {problem && (
          <span id={`${id}-problem`} role="alert" className="admin-error admin-hint">
            {problem}
          </span>
        )}
      </div>
    </>
  );
}

/** The market's kind and the catalogue's figures, under the market's choice. */
function ListableHint({ row }: { row: AdminListableRow }) {
  const { t } = useLingui();
  const price = formatExact(row.price);
  const leverage = row.max_leverage ?? 0;
  return <>{row.kind === 'spot' ? t`Spot pair of ${row.name}; catalogue price ${price} USDT.` : t`Perpetual of ${row.name}, up to ${leverage}× leverage, on its spot pair’s tick and lot.`}</>;
}

/** An administrator lists a spot pair or a perpetual from the catalogue; tradable at once on every process, audited. */
function ListingForm({ listable, onListed }: { listable: readonly AdminListableRow[]; onListed: (listing: AdminListingRow) => void }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [draft, setDraft] = useState<ListingDraft>(() => draftOf(listable[0]!));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ListingProblem | null>(null);
  const row = listable.find((r) => r.inst_id === draft.instId) ?? listable[0]!;
  const fieldProblem = (field: ListingField) => (problem?.field === field ? contractText(problem.message) : null);
  const set = (patch: Partial<ListingDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };
  const choose = (instId: string) => {
    const next = listable.find((r) => r.inst_id === instId);
    if (next) set(draftOf(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { request, problem: local } = requestOf(row, draft, reason);
    if (!request) {
      setProblem(local);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const res = await listMarket(request);
      setReason('');
      onListed(res.listing);
    } catch (err) {
      setProblem(problemOf(err) ?? { field: null, message: errorMessage(err, t`The market could not be listed.`) });
    } finally {
      setBusy(false);
    }
  };

  const marketProblem = fieldProblem('market');
  const formProblem = problem && (problem.field === null || problem.field === 'reason') ? contractText(problem.message) : null;
  return (
    <form className="admin-form admin-form--grid" aria-label={t`List a market`} onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={`${ID}-market`}>{t`Market`}</label>
      <div className="admin-field">
        <select
          id={`${ID}-market`}
          value={row.inst_id}
          aria-invalid={marketProblem ? true : undefined}
          aria-describedby={[`${ID}-market-hint`, marketProblem ? `${ID}-market-problem` : ''].filter(Boolean).join(' ')}
          onChange={(e) => choose(e.target.value)}
        >
          {listable.map((r) => (
            <option key={r.inst_id} value={r.inst_id}>
              {r.kind === 'spot' ? t`${r.inst_id} (spot)` : t`${r.inst_id} (perpetual)`}
            </option>
          ))}
        </select>
        <span id={`${ID}-market-hint`} className="muted admin-hint">
          <ListableHint row={row} />
        </span>
        {marketProblem && (
          <span id={`${ID}-market-problem`} role="alert" className="admin-error admin-hint">
            {marketProblem}
          </span>
        )}
      </div>
      <SizeField name="tick_size" label={t`Tick size (USDT)`} value={draft.tick} problem={fieldProblem('tick_size')} onChange={(tick) => set({ tick })} />
      <SizeField name="lot_size" label={t`Lot size (${row.symbol})`} value={draft.lot} problem={fieldProblem('lot_size')} onChange={(lot) => set({ lot })} />
      <SizeField name="min_size" label={t`Minimum order size (${row.symbol})`} value={draft.min} problem={fieldProblem('min_size')} onChange={(min) => set({ min })} />
      <SizeField name="max_size" label={t`Maximum order size (${row.symbol})`} value={draft.max} problem={fieldProblem('max_size')} onChange={(max) => set({ max })} />
      <ReasonField id={ID} max={OPERATOR_REASON_MAX} hint={t`Tradable at once on every server process. Kept in the audit log.`} value={reason} onChange={setReason} />
      <div className="admin-row admin-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t`List ${row.inst_id}`}
        </button>
      </div>
      {formProblem && (
        <p role="alert" className="admin-error">
          {formProblem}
        </p>
      )}
    </form>
  );
}

function ListedTable({ rows }: { rows: readonly AdminListingRow[] }) {
  const { t } = useLingui();
  if (rows.length === 0) {
    return (
      <p className="muted">
        <Trans>No market has been listed from the console yet.</Trans>
      </p>
    );
  }
  return (
    <div className="wallet-scroll">
      <table className="wallet-table wallet-table--stack">
        <caption className="sr-only">{t`Markets listed from the console`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Market`}</th>
            <th scope="col">{t`Product`}</th>
            <th scope="col">{t`Tick size`}</th>
            <th scope="col">{t`Lot size`}</th>
            <th scope="col">{t`Minimum`}</th>
            <th scope="col">{t`Maximum`}</th>
            <th scope="col">{t`Listed`}</th>
            <th scope="col">{t`By`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={l.inst_id}>
              <td data-label={t`Market`}>{l.inst_id}</td>
              <td data-label={t`Product`}>{l.kind === 'spot' ? t`Spot` : t`Perpetual`}</td>
              <td data-label={t`Tick size`}>{formatExact(l.tick_size)}</td>
              <td data-label={t`Lot size`}>{formatExact(l.lot_size)}</td>
              <td data-label={t`Minimum`}>{formatExact(l.min_size)}</td>
              <td data-label={t`Maximum`}>{formatExact(l.max_size)}</td>
              <td data-label={t`Listed`}>{formatDateTime(l.listed_at)}</td>
              <td data-label={t`By`}>{l.listed_by}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Markets (admin, issue 43): list a spot pair or perpetual from the coin catalogue; the markets administrators listed. */
export function ListingsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useLingui();
  const listings = useAsync('admin-listings', 'all', (signal) => fetchListings(signal));
  const [done, setDone] = useState<string | null>(null);
  const data = listings.data;
  return (
    <section className="card wallet-card" aria-labelledby="admin-listings">
      <h2 id="admin-listings" className="wallet-card__title">
        <Trans>List a market</Trans>
      </h2>
      <LoadState
        status={listings.status}
        loadingLabel={t`Loading the coin catalogue`}
        error={<span>{errorMessage(listings.error, t`The coin catalogue could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={listings.reload}
      />
      {done && (
        <p role="status" className="admin-ok">
          {done}
        </p>
      )}
      {data && canManage && data.listable.length > 0 && (
        <ListingForm
          // A new form per catalogue answer: after a listing the next listable market is chosen afresh.
          key={data.listable.map((r) => r.inst_id).join()}
          listable={data.listable}
          onListed={(listing) => {
            setDone(t`${listing.inst_id} is listed and can be traded now.`);
            listings.reload();
            void queryClient.invalidateQueries({ queryKey: ['admin-markets'] });
          }}
        />
      )}
      {data && canManage && data.listable.length === 0 && (
        <p className="muted">
          <Trans>Every coin of the catalogue is listed, spot and perpetual.</Trans>
        </p>
      )}
      {data && (
        <>
          <h3 className="admin-subtitle">
            <Trans>Listed from the console</Trans>
          </h3>
          <ListedTable rows={data.listed} />
        </>
      )}
    </section>
  );
}
