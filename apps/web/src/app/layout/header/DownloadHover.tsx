import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { LazyDownloadQr } from '../../../features/download/LazyDownloadQr';

export function DownloadHover() {
  const { t } = useLingui();
  return (
    <HoverMenu kind="disclosure" label={<Download size={20} aria-hidden />} ariaLabel={t`Download app`} chevron={false} align="end" triggerClassName="icon-btn" panelClassName="download-panel">
      <LazyDownloadQr />
      <p className="download-panel__text">
        <Trans>Scan to download the app</Trans>
      </p>
      <p className="muted download-panel__hint">
        <Trans>iOS and Android</Trans>
      </p>
      <Link to="/download" className="btn btn-ghost btn-sm btn-block">
        <Trans>More options</Trans>
      </Link>
    </HoverMenu>
  );
}
