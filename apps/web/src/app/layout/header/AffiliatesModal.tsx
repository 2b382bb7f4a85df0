import { BadgePercent, ChartPie, Headphones } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Modal } from '../../../shared/ui/Modal';
import { BRAND } from '../../../shared/ui/Logo';

const perks = [
  { icon: BadgePercent, title: msg`Up to 40% commission`, text: msg`Earn a share of the trading fees of every user you refer.` },
  { icon: ChartPie, title: msg`Real-time dashboard`, text: msg`Follow sign-ups, volume and payouts as they happen.` },
  { icon: Headphones, title: msg`Dedicated manager`, text: msg`A partner manager helps you grow your community.` },
];

export default function AffiliatesModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`${BRAND} Affiliate Program`}
      description={t`Invite your audience to trade and earn lifetime commission on their fees.`}
    >
      <ul className="affiliates__perks">
        {perks.map(({ icon: Icon, title, text }) => (
          <li key={title.id}>
            <span className="menu-item__icon">
              <Icon size={18} aria-hidden />
            </span>
            <span>
              <strong>{i18n._(title)}</strong>
              <span className="muted">{i18n._(text)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="muted affiliates__note">
        <Trans>Applications open soon. Check back on this page for the sign-up form.</Trans>
      </p>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        <Trans>Got it</Trans>
      </button>
    </Modal>
  );
}
