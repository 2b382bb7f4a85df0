import { QRCodeSVG } from 'qrcode.react';
import { DOWNLOAD_QR_SIZE_PX } from '@exchange/contract';

/** QR code pointing at this site's download page (spec 1 §9: 120 px, highest error correction). */
export default function DownloadQr({ className }: { className?: string }) {
  return (
    <div className={className ?? 'download-qr'}>
      <QRCodeSVG
        value={`${window.location.origin}/download`}
        size={DOWNLOAD_QR_SIZE_PX}
        level="H"
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#0b0e11"
        title="QR code to download the app"
      />
    </div>
  );
}
