import { useState } from 'react';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { CURRENCIES } from '@exchange/contract';
import { Modal } from '../../../shared/ui/Modal';

const LANGUAGES = ['English', 'Español', 'Français', 'Deutsch', 'Português', 'Türkçe', 'Italiano', 'Polski', 'Tiếng Việt'] as const;

type Tab = 'language' | 'currency';

interface OptionGridProps {
  options: readonly string[];
  selected: string;
  onSelect: (value: string) => void;
  label: string;
}

function OptionGrid({ options, selected, onSelect, label }: OptionGridProps) {
  return (
    <div className="option-grid" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === selected}
          className={clsx('option-grid__item', option === selected && 'is-selected')}
          onClick={() => onSelect(option)}
        >
          {option}
          {option === selected && <Check size={16} aria-hidden />}
        </button>
      ))}
    </div>
  );
}

/**
 * Language and currency picker. The app has one language and prices in USD; a choice is
 * remembered for the open page only and changes nothing else (spec 1 §2).
 */
export default function LanguageModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [tab, setTab] = useState<Tab>('language');
  const [language, setLanguage] = useState<string>('English');
  const [currency, setCurrency] = useState<string>('USD');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Language and currency" className="language-modal">
      <div className="tabs" role="tablist" aria-label="Settings">
        {(['language', 'currency'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`lang-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`lang-panel-${t}`}
            className={clsx('tabs__tab', tab === t && 'is-active')}
            onClick={() => setTab(t)}
          >
            {t === 'language' ? 'Language' : 'Currency'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`lang-panel-${tab}`} aria-labelledby={`lang-tab-${tab}`}>
        {tab === 'language' ? (
          <OptionGrid options={LANGUAGES} selected={language} onSelect={setLanguage} label="Language" />
        ) : (
          <OptionGrid options={CURRENCIES} selected={currency} onSelect={setCurrency} label="Currency" />
        )}
      </div>
    </Modal>
  );
}
