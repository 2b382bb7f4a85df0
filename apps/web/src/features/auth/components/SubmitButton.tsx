import type { ReactNode } from 'react';

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
          Processing...
        </>
      ) : (
        children
      )}
    </button>
  );
}
