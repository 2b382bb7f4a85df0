import { lazy, Suspense } from 'react';
import { DOWNLOAD_QR_SIZE_PX } from '@exchange/contract';
import './LazyDownloadQr.css';

const DownloadQr = lazy(() => import('./DownloadQr'));

/** The download QR for always-mounted chrome (header, footer): its encoder loads on demand. */
export function LazyDownloadQr() {
  return (
    <Suspense fallback={<div className="download-qr download-qr--pending" style={{ width: DOWNLOAD_QR_SIZE_PX, height: DOWNLOAD_QR_SIZE_PX }} />}>
      <DownloadQr />
    </Suspense>
  );
}
