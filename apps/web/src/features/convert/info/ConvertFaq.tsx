import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { convertFaqItems } from './faqItems';

/**
 * The 7-item FAQ of spec 2 §2, the landing FAQ's accordion: one item open at a time, the first by
 * default; clicking the open one closes it. Not shared with the landing page's copy on purpose: a
 * module both pages import becomes a chunk of its own, and its name in the entry's preload table
 * would push the landing page over its JS budget.
 */
export function ConvertFaq() {
  const { i18n } = useLingui();
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section className="convert-faq" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="convert-page__section-title">
        <Trans>Frequently Asked Questions</Trans>
      </h2>
      <div className="convert-faq__list">
        {convertFaqItems.map(({ question, answer }, index) => {
          const open = openIndex === index;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={question.id} className={open ? 'convert-faq__item is-open' : 'convert-faq__item'}>
              <h3 className="convert-faq__heading">
                <button
                  type="button"
                  className="convert-faq__question"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  <span className="convert-faq__number" aria-hidden>
                    {index + 1}
                  </span>
                  <span className="convert-faq__text">{i18n._(question)}</span>
                  <ChevronDown size={20} aria-hidden className="convert-faq__chevron" />
                </button>
              </h3>
              {open && (
                <div id={panelId} role="region" aria-label={i18n._(question)} className="convert-faq__answer">
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
