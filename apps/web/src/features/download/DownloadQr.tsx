import { QRCodeSVG } from 'qrcode.react';
import { DOWNLOAD_QR_SIZE_PX } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';

/** QR code pointing at this site's download page (spec 1 §9: 120 px, highest error correction). */
export default function DownloadQr({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div className={className ?? 'download-qr'}>
      <QRCodeSVG
        value={`${window.location.origin}/download`}
        size={DOWNLOAD_QR_SIZE_PX}
        level="H"
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#0b0e11"
        title={t`QR code to download the app`}
      />
    </div>
  );
}
