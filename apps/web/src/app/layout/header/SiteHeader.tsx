import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { Globe, Menu } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '../../../shared/ui/Logo';
import { useSession } from '../../../shared/session/useSession';
import { DesktopNav } from './DesktopNav';
import { AssetsMenu } from './AssetsMenu';
import { ProfileMenu } from './ProfileMenu';
import { DownloadHover } from './DownloadHover';
import { NotificationsHover } from './NotificationsHover';
import { MountOnFirstOpen } from '../../../shared/ui/MountOnFirstOpen';
import { HeaderCoinSearch } from '../../../features/coin-search/HeaderCoinSearch';
import './SiteHeader.css';

const LanguageModal = lazy(() => import('./LanguageModal'));
const AffiliatesModal = lazy(() => import('./AffiliatesModal'));
const MobileDrawer = lazy(() => import('./MobileDrawer'));

type Dialog = 'affiliates' | 'language' | 'drawer' | null;

export function SiteHeader() {
  const { t } = useLingui();
  const session = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const setOpen = (name: Exclude<Dialog, null>) => (open: boolean) => setDialog(open ? name : null);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <DesktopNav onAffiliates={() => setDialog('affiliates')} />
        <div className="site-header__search" data-slot="coin-search">
          <HeaderCoinSearch />
        </div>
        <div className="site-header__actions">
          {session ? (
            <div className="site-header__desktop-only site-header__account">
              <AssetsMenu />
              <ProfileMenu session={session} />
            </div>
          ) : (
            <div className="site-header__auth">
              <Link to="/login" className="btn btn-sm site-header__login">
                <Trans>Log in</Trans>
              </Link>
              <Link to="/signup" className="btn btn-primary btn-sm">
                <Trans>Sign up</Trans>
              </Link>
            </div>
          )}
          <div className="site-header__desktop-only site-header__icons">
            <DownloadHover />
            <button type="button" className="icon-btn" aria-label={t`Language and currency`} onClick={() => setDialog('language')}>
              <Globe size={20} aria-hidden />
            </button>
          </div>
          <NotificationsHover session={session} />
          <button type="button" className="icon-btn site-header__hamburger" aria-label={t`Open menu`} aria-expanded={dialog === 'drawer'} onClick={() => setDialog('drawer')}>
            <Menu size={24} aria-hidden />
          </button>
        </div>
      </div>
      <MountOnFirstOpen open={dialog === 'affiliates'}>
        <AffiliatesModal open={dialog === 'affiliates'} onOpenChange={setOpen('affiliates')} />
      </MountOnFirstOpen>
      <MountOnFirstOpen open={dialog === 'language'}>
        <LanguageModal open={dialog === 'language'} onOpenChange={setOpen('language')} />
      </MountOnFirstOpen>
      <MountOnFirstOpen open={dialog === 'drawer'}>
        <MobileDrawer
          open={dialog === 'drawer'}
          onOpenChange={setOpen('drawer')}
          session={session}
          onAffiliates={() => setDialog('affiliates')}
          onLanguage={() => setDialog('language')}
        />
      </MountOnFirstOpen>
    </header>
  );
}
