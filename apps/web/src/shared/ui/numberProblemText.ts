import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatNumberInput, MAX_NUMBER_TEXT, type NumberProblem, type NumberSeparators } from '../format/localeNumber';

/** Why a typed number was refused, in the page's language, with an example written as the language writes it. */
export function numberProblemText(i18n: I18n, problem: NumberProblem, text: string, separators: NumberSeparators): string {
  const example = formatNumberInput('0.01', separators);
  const { decimal } = separators;
  switch (problem) {
    case 'ambiguous': {
      const typed = text.trim();
      const asDecimal = formatNumberInput(typed, separators);
      const asWhole = typed.replace('.', '');
      return i18n._(msg`${typed} could be a decimal or a whole number: type ${asDecimal} or ${asWhole}`);
    }
    case 'tooLong': {
      const max = MAX_NUMBER_TEXT;
      return i18n._(msg`Too long for a number: at most ${max} characters`);
    }
    case 'characters':
      return i18n._(msg`Type only digits and a decimal separator, like ${example}`);
    default:
      return decimal === '.'
        ? i18n._(msg`Cannot read this number: write decimals with a dot, like ${example}`)
        : i18n._(msg`Cannot read this number: write decimals with ${decimal} or a dot, like ${example}`);
  }
}
