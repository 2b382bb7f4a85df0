import { useState } from 'react';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { CURRENCIES } from '@exchange/contract';
import { Modal } from '../../../shared/ui/Modal';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { chooseLocale } from '../../../shared/i18n/i18n';
import { isLocale, LOCALES } from '../../../shared/i18n/locales';

type Tab = 'language' | 'currency';

interface Option {
  value: string;
  label: string;
  /** The option's own language, so a screen reader says "Español" in Spanish. */
  lang?: string;
}

interface OptionGridProps {
  options: readonly Option[];
  selected: string;
  onSelect: (value: string) => void;
  label: string;
}

function OptionGrid({ options, selected, onSelect, label }: OptionGridProps) {
  return (
    <div className="option-grid" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          lang={option.lang}
          aria-checked={option.value === selected}
          className={clsx('option-grid__item', option.value === selected && 'is-selected')}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
          {option.value === selected && <Check size={16} aria-hidden />}
        </button>
      ))}
    </div>
  );
}

/**
 * WAI-ARIA tabs: one Tab stop, the arrow keys, Home and End move between the tabs and show theirs.
 * Its own component, so the roving focus starts when the dialog's content mounts.
 */
function SettingsTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const { t } = useLingui();
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  return (
    <div className="tabs" role="tablist" aria-label={t`Settings`} {...tabs}>
      {(['language', 'currency'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`lang-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`lang-panel-${name}`}
          className={clsx('tabs__tab', tab === name && 'is-active')}
          onClick={() => onChange(name)}
        >
          {name === 'language' ? <Trans>Language</Trans> : <Trans>Currency</Trans>}
        </button>
      ))}
    </div>
  );
}

const LANGUAGE_OPTIONS: readonly Option[] = LOCALES.map(({ code, name }) => ({ value: code, label: name, lang: code }));
const CURRENCY_OPTIONS: readonly Option[] = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/**
 * Language and currency picker. A language applies at once and is remembered; prices stay in USD
 * whichever currency is picked, and that choice lasts for the open page only (spec 1 §2).
 */
export default function LanguageModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<Tab>('language');
  const [currency, setCurrency] = useState<string>('USD');
  const chooseLanguage = (code: string) => {
    if (isLocale(code)) void chooseLocale(code).then(() => onOpenChange(false));
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t`Language and currency`} className="language-modal">
      <SettingsTabs tab={tab} onChange={setTab} />
      <div role="tabpanel" id={`lang-panel-${tab}`} aria-labelledby={`lang-tab-${tab}`}>
        {tab === 'language' ? (
          <OptionGrid options={LANGUAGE_OPTIONS} selected={i18n.locale} onSelect={chooseLanguage} label={t`Language`} />
        ) : (
          <OptionGrid options={CURRENCY_OPTIONS} selected={currency} onSelect={setCurrency} label={t`Currency`} />
        )}
      </div>
    </Modal>
  );
}
