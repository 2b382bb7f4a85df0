import { Trans } from '@lingui/react/macro';
import { Faq as FaqAccordion } from '../../../shared/ui/Faq';
import { faqItems } from './faqItems';

export function Faq() {
  return (
    <FaqAccordion
      title={<Trans>Frequently Asked Questions</Trans>}
      items={faqItems}
      className="landing-section container"
      titleClassName="landing-section__title"
    />
  );
}
