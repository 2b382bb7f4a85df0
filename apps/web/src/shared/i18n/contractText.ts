import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { readCodedMessage } from '@exchange/contract';
import { codedText } from './codedText';

/**
 * Texts of the shared contract (validation messages, server answers) are English, and the server
 * keeps them so; the web translates them when it shows them, with the English text as the message
 * id (see lingui/contractExtractor.ts). A text filled from a coded template (message-codes.ts),
 * such as a deposit's stored reason, is translated by its code; any other text no catalogue knows
 * is shown as it came. Where the web words such a message itself, it passes its descriptor, so one
 * state can hold either.
 */
export function useContractText(): (text: string | MessageDescriptor) => string {
  const { i18n } = useLingui();
  return (text) => {
    if (typeof text !== 'string') return i18n._(text);
    if (i18n.messages[text] !== undefined) return i18n._(text);
    const coded = readCodedMessage(text);
    return (coded && codedText(coded.code, coded.params)) ?? text;
  };
}
