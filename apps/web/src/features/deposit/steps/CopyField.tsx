import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { useCopy } from '../../../shared/hooks/useCopy';

interface CopyFieldProps {
  label: ReactNode;
  value: string;
  copyLabel: string;
  copiedText: string;
  failedText: string;
  testId: string;
}

/** A value to send to (address, memo) with its own copy button and its own copy outcome. */
export function CopyField({ label, value, copyLabel, copiedText, failedText, testId }: CopyFieldProps) {
  const { state, copy } = useCopy();
  return (
    <div className="deposit-copyfield">
      <span className="deposit-copyfield__label muted">{label}</span>
      <div className="deposit-copyfield__row">
        <code className="deposit-copyfield__value" data-testid={testId}>
          {value}
        </code>
        <CopyButton state={state} label={copyLabel} onCopy={() => void copy(value)} />
      </div>
      <span className="sr-only" role="status">
        {state === 'copied' ? copiedText : ''}
      </span>
      {state === 'failed' && (
        <p className="field-error" role="alert">
          {failedText}
        </p>
      )}
    </div>
  );
}
