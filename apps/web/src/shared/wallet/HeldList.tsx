import { useLingui } from '@lingui/react/macro';
import { HELD_LABELS, type HeldAmount } from './held';

interface HeldListProps {
  held: readonly HeldAmount[];
  format: (value: number) => string;
}

/** The held part of a balance, one line per what holds it ("In orders 0.5"), or a dash when nothing is held. */
export function HeldList({ held, format }: HeldListProps) {
  const { i18n } = useLingui();
  if (held.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="held-list">
      {held.map((h) => (
        <li key={h.by} data-held={h.by}>
          <span className="muted">{i18n._(HELD_LABELS[h.by])}</span> {format(h.amount)}
        </li>
      ))}
    </ul>
  );
}
