import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders lazily-loaded dialog code only once it is first opened, then keeps it mounted
 * so its state and closing animation survive. Keeps the dialog library out of the
 * entry chunk that every route downloads.
 */
export function MountOnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
