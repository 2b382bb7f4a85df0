import { NavLink } from 'react-router';
import { Gift, Megaphone, UserPlus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';

/** The three rewards pages, linked from each other. */
export function RewardsNav() {
  const { t } = useLingui();
  return (
    <nav className="rewards-nav" aria-label={t`Rewards`}>
      <NavLink to="/pages/morePages/CampaignCenter" className="rewards-nav__link">
        <Megaphone size={16} aria-hidden />
        <Trans>Campaign Center</Trans>
      </NavLink>
      <NavLink to="/pages/morePages/MyRewards" className="rewards-nav__link">
        <Gift size={16} aria-hidden />
        <Trans>My Rewards</Trans>
      </NavLink>
      <NavLink to="/pages/morePages/Referral" className="rewards-nav__link">
        <UserPlus size={16} aria-hidden />
        <Trans>Referral</Trans>
      </NavLink>
    </nav>
  );
}
