import { useEffect, useState } from 'react';

/** How long typing must pause before a field's value is checked: long enough not to flag every keystroke. */
const SETTLE_MS = 400;

/**
 * The value once the user has stopped typing for a moment or left the field (`settle`), else null:
 * a check of it shows its verdict then, not on each character typed on the way to a valid value.
 */
export function useSettled(value: string): { settled: string | null; settle: () => void } {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return { settled: settled === value ? settled : null, settle: () => setSettled(value) };
}
