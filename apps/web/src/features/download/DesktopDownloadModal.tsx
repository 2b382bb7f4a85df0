import { Apple, Monitor, Terminal } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Modal } from '../../shared/ui/Modal';

const platforms = [
  { name: 'Windows', detail: msg`Windows 10 or later, 64-bit`, icon: Monitor },
  { name: 'macOS', detail: msg`macOS 12 or later, Apple silicon and Intel`, icon: Apple },
  { name: 'Linux', detail: msg`Debian and Ubuntu (.deb), 64-bit`, icon: Terminal },
];

export function DesktopDownloadModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t`Download for desktop`}
      description={t`The desktop apps are being prepared. They will be listed here when released.`}>
      <ul className="desktop-platforms">
        {platforms.map(({ name, detail, icon: Icon }) => (
          <li key={name}>
            <span className="menu-item__icon">
              <Icon size={18} aria-hidden />
            </span>
            <span className="desktop-platforms__text">
              <strong>{name}</strong>
              <span className="muted">{i18n._(detail)}</span>
            </span>
            <span className="desktop-platforms__tag">
              <Trans>Coming soon</Trans>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        <Trans>Close</Trans>
      </button>
    </Modal>
  );
}
