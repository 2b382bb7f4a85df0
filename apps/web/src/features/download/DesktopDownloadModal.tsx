import { Apple, Monitor, Terminal } from 'lucide-react';
import { Modal } from '../../shared/ui/Modal';

const platforms = [
  { name: 'Windows', detail: 'Windows 10 or later, 64-bit', icon: Monitor },
  { name: 'macOS', detail: 'macOS 12 or later, Apple silicon and Intel', icon: Apple },
  { name: 'Linux', detail: 'Debian and Ubuntu (.deb), 64-bit', icon: Terminal },
];

export function DesktopDownloadModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Download for desktop" description="The desktop apps are being prepared. They will be listed here when released.">
      <ul className="desktop-platforms">
        {platforms.map(({ name, detail, icon: Icon }) => (
          <li key={name}>
            <span className="menu-item__icon">
              <Icon size={18} aria-hidden />
            </span>
            <span className="desktop-platforms__text">
              <strong>{name}</strong>
              <span className="muted">{detail}</span>
            </span>
            <span className="desktop-platforms__tag">Coming soon</span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        Close
      </button>
    </Modal>
  );
}
