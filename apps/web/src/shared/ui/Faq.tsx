import { useId, useState, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Minus, Plus } from 'lucide-react';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import './Faq.css';

export interface FaqItem {
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

interface FaqProps {
  title: ReactNode;
  items: readonly FaqItem[];
  className?: string;
  /** Classes of the heading, so the section's title matches its page. */
  titleClassName?: string;
}

/** A numbered question accordion: one item open at a time, the first by default; clicking the open one closes it. */
export function Faq({ title, items, className, titleClassName }: FaqProps) {
  const { i18n } = useLingui();
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  return (
    <section className={clsx('faq', className)} aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      <div className="faq__list">
        {items.map(({ question, answer }, index) => {
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
