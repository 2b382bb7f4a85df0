import { createContext, lazy, useCallback, useContext, useState, type ReactNode } from 'react';
import { MountOnFirstOpen } from '../../shared/ui/MountOnFirstOpen';
import './ComingSoon.css';

const ComingSoonModal = lazy(() => import('./ComingSoonModal'));

const OpenComingSoonContext = createContext<(() => void) | null>(null);

/** Hosts the single coming-soon modal that header, footer and pages open for unbuilt features. */
export function ComingSoonProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <OpenComingSoonContext.Provider value={show}>
      {children}
      <MountOnFirstOpen open={open}>
        <ComingSoonModal open={open} onOpenChange={setOpen} />
      </MountOnFirstOpen>
    </OpenComingSoonContext.Provider>
  );
}

/** Returns the function that opens the coming-soon modal. */
export function useComingSoon(): () => void {
  const open = useContext(OpenComingSoonContext);
  if (!open) throw new Error('useComingSoon must be used inside ComingSoonProvider');
  return open;
}
