import { Percent, ShieldCheck, Timer, Zap, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const benefits: readonly { icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: Percent, title: msg`No fees`, text: msg`What the quote shows is what you receive. Nothing is taken on top.` },
  { icon: ShieldCheck, title: msg`No slippage`, text: msg`Your conversion runs at exactly the quoted rate, however the market moves.` },
  { icon: Zap, title: msg`Instant`, text: msg`The coins are in your Spot wallet the moment you convert.` },
  { icon: Timer, title: msg`Firm 10-second quotes`, text: msg`Every quote holds for 10 seconds and renews by itself while you decide.` },
];

/** The benefit icons of spec 2 §2. */
export function Benefits() {
  const { i18n } = useLingui();
  return (
    <section className="convert-benefits" aria-labelledby="convert-benefits-title" data-tour="convert-benefits">
      <h2 id="convert-benefits-title" className="sr-only">
        <Trans>Why convert here</Trans>
      </h2>
      <ul className="convert-benefits__list">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title.id} className="convert-benefits__item">
            <Icon size={28} aria-hidden className="convert-benefits__icon" />
            <strong>{i18n._(title)}</strong>
            <span className="muted">{i18n._(text)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
