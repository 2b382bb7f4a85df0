import { useId, useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { faqItems } from './faqItems';

export function Faq() {
  // One item open at a time, the first by default; clicking the open one closes it.
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section className="landing-section container faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="landing-section__title">
        Frequently Asked Questions
      </h2>
      <div className="faq__list">
        {faqItems.map(({ question, answer }, index) => {
          const open = openIndex === index;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={question} className={open ? 'faq__item is-open' : 'faq__item'}>
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
                  <span className="faq__text">{question}</span>
                  {open ? <Minus size={20} aria-hidden /> : <Plus size={20} aria-hidden />}
                </button>
              </h3>
              {open && (
                <div id={panelId} role="region" aria-label={question} className="faq__answer">
                  <p>{answer}</p>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
