import { Modal } from '../../shared/ui/Modal';
import { ComingSoonArt } from './ComingSoonArt';
import { comingSoonCopy } from './copy';

export default function ComingSoonModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={comingSoonCopy.headline} hideTitle className="coming-soon-modal">
      <ComingSoonArt size={96} />
      <p className="coming-soon__headline" aria-hidden>
        {comingSoonCopy.headline}
      </p>
      <p className="coming-soon__body">{comingSoonCopy.body}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        OK
      </button>
    </Modal>
  );
}
