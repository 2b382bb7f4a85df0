import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { faqItems } from './faqItems';

export function Faq() {
  // One item open at a time, the first by default; clicking the open one closes it.
  const { i18n } = useLingui();
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section className="landing-section container faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="landing-section__title">
        <Trans>Frequently Asked Questions</Trans>
      </h2>
      <div className="faq__list">
        {faqItems.map(({ question, answer }, index) => {
          const open = openIndex === index;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={question.id} className={open ? 'faq__item is-open' : 'faq__item'}>
              <h3 className="faq__heading">
                <button
                  type="button"
                  className="faq__question"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  <span className="faq__number" aria-hidden>
                    {index + 1}
                  </span>
                  <span className="faq__text">{i18n._(question)}</span>
                  {open ? <Minus size={20} aria-hidden /> : <Plus size={20} aria-hidden />}
                </button>
              </h3>
              {open && (
                <div id={panelId} role="region" aria-label={i18n._(question)} className="faq__answer">
                  <p>{i18n._(answer)}</p>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
