import { Link } from 'react-router';
import { Download } from 'lucide-react';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { LazyDownloadQr } from '../../../features/download/LazyDownloadQr';

export function DownloadHover() {
  return (
    <HoverMenu kind="disclosure" label={<Download size={20} aria-hidden />} ariaLabel="Download app" chevron={false} align="end" triggerClassName="icon-btn" panelClassName="download-panel">
      <LazyDownloadQr />
      <p className="download-panel__text">Scan to download the app</p>
      <p className="muted download-panel__hint">iOS and Android</p>
      <Link to="/download" className="btn btn-ghost btn-sm btn-block">
        More options
      </Link>
    </HoverMenu>
  );
}
