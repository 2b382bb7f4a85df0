import { Check, Copy } from 'lucide-react';
import { accountAreaMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCopy } from '../../../shared/hooks/useCopy';
import { useContractText } from '../../../shared/i18n/contractText';

/** A value with its Copy button; "Copied to clipboard!" shows for 2 s after a copy (spec 3 §2, §9). */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const { state, copy } = useCopy();
  return (
    <span className="account-copy">
      <span className="account-copy__value">{value}</span>
      <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Copy ${label}`} onClick={() => void copy(value)}>
        {state === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
        <span aria-hidden>{state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
      </button>
      <span role="status" className="account-copy__notice">
        {state === 'copied' && contractText(accountAreaMessages.copied)}
        {state === 'failed' && <Trans>Could not copy. Select the text and copy it yourself.</Trans>}
      </span>
    </span>
  );
}
