import { useEffect, useMemo } from 'react';

/** A preview URL of `file`, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null): string | null {
  // Without createObjectURL (an old browser, jsdom) the picker shows the file's name alone.
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
