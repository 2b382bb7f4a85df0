import { useState } from 'react';
import { BellRing, ChartCandlestick, Monitor, ShieldCheck, Smartphone, Zap } from 'lucide-react';
import { BRAND } from '../../shared/ui/Logo';
import { useComingSoon } from '../../shared/coming-soon/ComingSoonProvider';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import DownloadQr from './DownloadQr';
import { DesktopDownloadModal } from './DesktopDownloadModal';
import { PhoneArt } from './PhoneArt';
import './DownloadPage.css';

const features = [
  { icon: ChartCandlestick, title: 'Pro trading on the go', text: 'Spot and perpetual futures with full charts, order book and order types.' },
  { icon: BellRing, title: 'Price alerts', text: 'Get notified the moment a market moves past your level.' },
  { icon: ShieldCheck, title: 'Protected account', text: 'Biometric log in and device management keep your funds yours.' },
  { icon: Zap, title: 'Instant convert', text: 'Swap between coins in two taps with no trading fees.' },
];

export default function DownloadPage() {
  const openComingSoon = useComingSoon();
  const [desktopOpen, setDesktopOpen] = useState(false);
  usePageTitle('Download the app');
  return (
    <div className="download-page">
      <section className="download-hero container">
        <div className="download-hero__copy">
          <h1>
            Trade anytime, <span className="accent">anywhere</span>
          </h1>
          <p className="download-hero__lead">
            The {BRAND} app puts spot, futures, convert and earn in your pocket, synced with your web account.
          </p>
          <div className="download-hero__cta">
            <div className="download-hero__qr">
              <DownloadQr />
              <span className="muted">Scan to download</span>
            </div>
            <div className="download-hero__buttons">
              <button type="button" className="btn btn-primary" onClick={openComingSoon}>
                <Smartphone size={18} aria-hidden /> Download Android APK
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setDesktopOpen(true)}>
                <Monitor size={18} aria-hidden /> Download for desktop
              </button>
            </div>
          </div>
        </div>
        <PhoneArt />
      </section>
      <section className="download-features container" aria-labelledby="download-features-title">
        <h2 id="download-features-title">Everything you trade on the web, in one app</h2>
        <div className="download-features__grid">
          {features.map(({ icon: Icon, title, text }) => (
            <article key={title} className="card download-feature">
              <span className="download-feature__icon">
                <Icon size={22} aria-hidden />
              </span>
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </article>
          ))}
        </div>
      </section>
      <DesktopDownloadModal open={desktopOpen} onOpenChange={setDesktopOpen} />
    </div>
  );
}
