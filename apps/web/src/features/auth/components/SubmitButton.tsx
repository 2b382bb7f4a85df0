import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface SubmitButtonProps {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** The form's primary button; shows a spinner and blocks double submits while busy. */
export function SubmitButton({ loading, disabled, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary btn-block auth-submit" disabled={loading || disabled} aria-busy={loading}>
      {loading ? (
        <>
          <span className="spinner auth-spinner" aria-hidden />
          <Trans>Processing...</Trans>
        </>
      ) : (
        children
      )}
    </button>
  );
}
