import { Trans, useLingui } from '@lingui/react/macro';
import { formatPercent } from '../../shared/format/balance';
import type { AllocationSlice } from './holdings';

const COLORS = ['#fcd535', '#0ecb81', '#3b82f6', '#f6465d', '#a855f7', '#848e9c'];
const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A donut of each holding's share of the USDT value, drawn as dashed circle strokes. */
export function Allocation({ slices }: { slices: AllocationSlice[] }) {
  const { t } = useLingui();
  const arcs = slices.map((slice, i) => {
    const before = slices.slice(0, i).reduce((sum, s) => sum + s.percent, 0);
    return { slice, length: (slice.percent / 100) * CIRCUMFERENCE, offset: (before / 100) * CIRCUMFERENCE };
  });
  return (
    <section className="card wallet-card" aria-labelledby="allocation-title">
      <h2 id="allocation-title" className="wallet-card__title">
        <Trans>Allocation</Trans>
      </h2>
      {slices.length === 0 ? (
        <div className="wallet-state muted">
          <Trans>No assets found</Trans>
        </div>
      ) : (
        <div className="assets-allocation">
          <svg viewBox="0 0 100 100" className="assets-allocation__donut" role="img" aria-label={t`Allocation of holdings`}>
            <circle cx="50" cy="50" r={RADIUS} fill="none" stroke="var(--surface)" strokeWidth="12" />
            {arcs.map(({ slice, length, offset }, i) => (
                <circle
                  key={slice.symbol ?? ''}
                  cx="50"
                  cy="50"
                  r={RADIUS}
                  fill="none"
                  stroke={COLORS[i % COLORS.length]}
                  strokeWidth="12"
                  strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 50 50)"
                />
            ))}
          </svg>
          <ul className="assets-allocation__legend">
            {slices.map((slice, i) => (
              <li key={slice.symbol ?? ''}>
                <span className="assets-allocation__dot" style={{ background: COLORS[i % COLORS.length] }} aria-hidden />
                <span>{slice.symbol ?? t`Others`}</span>
                <span className="muted">{formatPercent(slice.percent)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
