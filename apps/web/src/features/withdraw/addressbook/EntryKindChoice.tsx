import clsx from 'clsx';
import { Trans } from '@lingui/react/macro';
import type { EntryKind } from '../model/addressBook';

interface EntryKindChoiceProps {
  kind: EntryKind;
  onChange: (kind: EntryKind) => void;
}

const KINDS: readonly EntryKind[] = ['onchain', 'internal'];

/** What the new entry is: an address on a network, or another user of the exchange (an internal recipient). */
export function EntryKindChoice({ kind, onChange }: EntryKindChoiceProps) {
  return (
    <fieldset className="withdraw-sources withdraw-kinds">
      <legend className="field-label withdraw-legend">
        <Trans>Destination</Trans>
      </legend>
      {KINDS.map((candidate) => (
        <label key={candidate} className={clsx('withdraw-source', candidate === kind && 'is-current')}>
          <input type="radio" name="withdraw-entry-kind" value={candidate} checked={candidate === kind} onChange={() => onChange(candidate)} />
          <span className="withdraw-source__name">{candidate === 'onchain' ? <Trans>On-chain address</Trans> : <Trans>Internal recipient</Trans>}</span>
          <span className="withdraw-source__balance muted">
            {candidate === 'onchain' ? <Trans>A wallet on a network</Trans> : <Trans>Another user, by email or UID</Trans>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
