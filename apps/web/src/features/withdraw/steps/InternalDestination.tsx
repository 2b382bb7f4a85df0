import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WithdrawDraft } from '../model/draft';

interface InternalDestinationProps {
  draft: WithdrawDraft;
  onChange: (change: (draft: WithdrawDraft) => WithdrawDraft) => void;
}

/** Internal withdrawal: another user of this exchange, by email or UID; paid at once, no network and no fee. */
export function InternalDestination({ draft, onChange }: InternalDestinationProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field withdraw-field">
      <label htmlFor={id} className="field-label">
        <Trans>Recipient email or UID</Trans>
      </label>
      <input
        id={id}
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={t`name@example.com or 12345678`}
        value={draft.recipient}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const recipient = event.target.value;
          onChange((current) => ({ ...current, recipient }));
        }}
      />
      <span id={`${id}-hint`} className="funds-note muted">
        <Trans>Internal withdrawals reach another user of this exchange at once, with no network fee.</Trans>
      </span>
    </div>
  );
}
