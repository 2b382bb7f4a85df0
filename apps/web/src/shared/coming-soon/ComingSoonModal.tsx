import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../shared/ui/Modal';
import { ComingSoonArt } from './ComingSoonArt';
import { comingSoonCopy } from './copy';

export default function ComingSoonModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useLingui();
  const headline = i18n._(comingSoonCopy.headline);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={headline} hideTitle className="coming-soon-modal">
      <ComingSoonArt size={96} />
      <p className="coming-soon__headline" aria-hidden>
        {headline}
      </p>
      <p className="coming-soon__body">{i18n._(comingSoonCopy.body)}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        <Trans>OK</Trans>
      </button>
    </Modal>
  );
}
