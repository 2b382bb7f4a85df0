import { Check, Copy } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import type { CopyState } from '../../../shared/hooks/useCopy';

interface CopyButtonProps {
  state: CopyState;
  /** What is copied, for screen readers: "Copy address", "Copy memo". */
  label: string;
  onCopy: () => void;
}

export function CopyButton({ state, label, onCopy }: CopyButtonProps) {
  return (
    <button type="button" className="btn btn-ghost btn-sm deposit-copy" aria-label={label} onClick={onCopy}>
      {state === 'copied' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
      <span aria-hidden>{state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
    </button>
  );
}
