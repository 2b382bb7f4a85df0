import clsx from 'clsx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <div className={clsx('spinner', className)} role="status" aria-label={label} />;
}
