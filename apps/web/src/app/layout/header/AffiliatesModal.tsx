import { BadgePercent, ChartPie, Headphones } from 'lucide-react';
import { Modal } from '../../../shared/ui/Modal';
import { BRAND } from '../../../shared/ui/Logo';

const perks = [
  { icon: BadgePercent, title: 'Up to 40% commission', text: 'Earn a share of the trading fees of every user you refer.' },
  { icon: ChartPie, title: 'Real-time dashboard', text: 'Follow sign-ups, volume and payouts as they happen.' },
  { icon: Headphones, title: 'Dedicated manager', text: 'A partner manager helps you grow your community.' },
];

export default function AffiliatesModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`${BRAND} Affiliate Program`}
      description="Invite your audience to trade and earn lifetime commission on their fees."
    >
      <ul className="affiliates__perks">
        {perks.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <span className="menu-item__icon">
              <Icon size={18} aria-hidden />
            </span>
            <span>
              <strong>{title}</strong>
              <span className="muted">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="muted affiliates__note">Applications open soon. Check back on this page for the sign-up form.</p>
      <button type="button" className="btn btn-primary btn-block" onClick={() => onOpenChange(false)}>
        Got it
      </button>
    </Modal>
  );
}
