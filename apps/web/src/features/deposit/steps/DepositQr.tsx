import { QRCodeSVG } from 'qrcode.react';
import { useLingui } from '@lingui/react/macro';

/** Issue 16: the address as a 160 px QR code at the highest error correction level. */
export const DEPOSIT_QR_SIZE_PX = 160;

export function DepositQr({ address, symbol }: { address: string; symbol: string }) {
  const { t } = useLingui();
  return (
    <div className="deposit-qr">
      <QRCodeSVG
        value={address}
        size={DEPOSIT_QR_SIZE_PX}
        level="H"
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#0b0e11"
        title={t`QR code of your ${symbol} deposit address`}
      />
    </div>
  );
}
