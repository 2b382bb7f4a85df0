import { lazy, Suspense } from 'react';
import { DOWNLOAD_QR_SIZE_PX } from '@exchange/contract';
import { useSeenOnScreen } from '../../shared/ui/useSeenOnScreen';
import './LazyDownloadQr.css';

const DownloadQr = lazy(() => import('./DownloadQr'));

/**
 * The download QR for always-mounted chrome (header, footer): its encoder loads, and the code is
 * computed, only once it is on screen (the header's menu opened, the footer scrolled to), which
 * keeps both off the main thread while a page loads.
 */
export function LazyDownloadQr() {
  const [ref, seen] = useSeenOnScreen<HTMLDivElement>();
  const placeholder = (
    <div
      ref={seen ? undefined : ref}
      className="download-qr download-qr--pending"
      style={{ width: DOWNLOAD_QR_SIZE_PX, height: DOWNLOAD_QR_SIZE_PX }}
    />
  );
  if (!seen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DownloadQr />
    </Suspense>
  );
}
