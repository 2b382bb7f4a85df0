import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return <div className={clsx('spinner', className)} role="status" aria-label={label ?? t`Loading`} />;
}
