import { useState } from 'react';
import { BellRing, ChartCandlestick, Monitor, ShieldCheck, Smartphone, Zap } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { BRAND } from '../../shared/ui/Logo';
import { useComingSoon } from '../../shared/coming-soon/ComingSoonProvider';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import DownloadQr from './DownloadQr';
import { DesktopDownloadModal } from './DesktopDownloadModal';
import { PhoneArt } from './PhoneArt';
import './DownloadPage.css';

const features = [
  { icon: ChartCandlestick, title: msg`Pro trading on the go`, text: msg`Spot and perpetual futures with full charts, order book and order types.` },
  { icon: BellRing, title: msg`Price alerts`, text: msg`Get notified the moment a market moves past your level.` },
  { icon: ShieldCheck, title: msg`Protected account`, text: msg`Biometric log in and device management keep your funds yours.` },
  { icon: Zap, title: msg`Instant convert`, text: msg`Swap between coins in two taps with no trading fees.` },
];

export default function DownloadPage() {
  const { t, i18n } = useLingui();
  const openComingSoon = useComingSoon();
  const [desktopOpen, setDesktopOpen] = useState(false);
  usePageTitle(t`Download the app`);
  return (
    <div className="download-page">
      <section className="download-hero container">
        <div className="download-hero__copy">
          <h1>
            <Trans>
              Trade anytime, <span className="accent">anywhere</span>
            </Trans>
          </h1>
          <p className="download-hero__lead">
            <Trans>The {BRAND} app puts spot, futures, convert and earn in your pocket, synced with your web account.</Trans>
          </p>
          <div className="download-hero__cta">
            <div className="download-hero__qr">
              <DownloadQr />
              <span className="muted">
                <Trans>Scan to download</Trans>
              </span>
            </div>
            <div className="download-hero__buttons">
              <button type="button" className="btn btn-primary" onClick={openComingSoon}>
                <Smartphone size={18} aria-hidden /> <Trans>Download Android APK</Trans>
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setDesktopOpen(true)}>
                <Monitor size={18} aria-hidden /> <Trans>Download for desktop</Trans>
              </button>
            </div>
          </div>
        </div>
        <PhoneArt />
      </section>
      <section className="download-features container" aria-labelledby="download-features-title">
        <h2 id="download-features-title">
          <Trans>Everything you trade on the web, in one app</Trans>
        </h2>
        <div className="download-features__grid">
          {features.map(({ icon: Icon, title, text }) => (
            <article key={title.id} className="card download-feature">
              <span className="download-feature__icon">
                <Icon size={22} aria-hidden />
              </span>
              <h3>{i18n._(title)}</h3>
              <p className="muted">{i18n._(text)}</p>
            </article>
          ))}
        </div>
      </section>
      <DesktopDownloadModal open={desktopOpen} onOpenChange={setDesktopOpen} />
    </div>
  );
}
