import type { HelpLanguage } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES } from '../../shared/i18n/locales';

/**
 * Says an item is written in another language than the page's (issue 40): help items are in
 * English until they are translated, so a reader of Español sees "English" on each, named as the
 * language picker names it, before opening one.
 */
export function LanguageBadge({ language }: { language: HelpLanguage }) {
  const { i18n } = useLingui();
  if (language === i18n.locale) return null;
  const name = LOCALES.find((locale) => locale.code === language)?.name ?? language;
  return (
    <span className="help-badge help-badge--language" data-testid="help-language">
      <span lang={language}>{name}</span>
      <span className="sr-only">
        {' '}
        <Trans>(not available in your language)</Trans>
      </span>
    </span>
  );
}
