import { Link } from 'react-router';
import { NEWCOMER_GIFT_USD } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatUsdWhole } from '../../../shared/format/price';
import type { VisitorState } from '../visitorState';

interface BannerContent {
  title: MessageDescriptor;
  text: MessageDescriptor;
  cta: MessageDescriptor;
  to: string;
}

function bannerContent(state: VisitorState): BannerContent {
  switch (state) {
    case 'anonymous': {
      const gift = formatUsdWhole(NEWCOMER_GIFT_USD);
      return {
        title: msg`Start your crypto journey today`,
        text: msg`Sign up now and claim newcomer gifts worth up to ${gift}.`,
        cta: msg`Sign up`,
        to: '/signup',
      };
    }
    case 'unverified':
      return {
        title: msg`One step left`,
        text: msg`Complete your verification to unlock all trading features and higher withdrawal limits`,
        cta: msg`Verify Now`,
        to: '/account/profile/verify',
      };
    case 'pending':
      return {
        title: msg`Verification under review`,
        text: msg`We are checking your documents. All trading features and higher withdrawal limits unlock as soon as they are approved.`,
        cta: msg`View Status`,
        to: '/account/profile/verify',
      };
    case 'verified':
      return {
        title: msg`Your account is ready`,
        text: msg`Markets are open around the clock. Put your strategy to work.`,
        cta: msg`Start Trading`,
        to: '/spot-trading',
      };
  }
}

export function BottomBanner({ state }: { state: VisitorState }) {
  const { i18n } = useLingui();
  const { title, text, cta, to } = bannerContent(state);
  return (
    <section className="container" aria-labelledby="bottom-banner-title">
      <div className="bottom-banner">
        <div>
          <h2 id="bottom-banner-title">{i18n._(title)}</h2>
          <p>{i18n._(text)}</p>
        </div>
        <Link to={to} className="btn btn-primary bottom-banner__cta">
          {i18n._(cta)}
        </Link>
      </div>
    </section>
  );
}
