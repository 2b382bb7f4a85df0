import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/**
 * Texts of the shared contract (validation messages, server answers) are English, and the server
 * keeps them so; the web translates them when it shows them, with the English text as the message
 * id (see lingui/contractExtractor.ts). A text no catalogue knows (English has no catalogue, and
 * the server may build a text with a value in it) is shown as it came. Where the web words such a
 * message itself, it passes its descriptor, so one state can hold either.
 */
export function useContractText(): (text: string | MessageDescriptor) => string {
  const { i18n } = useLingui();
  return (text) => {
    if (typeof text !== 'string') return i18n._(text);
    return i18n.messages[text] === undefined ? text : i18n._(text);
  };
}
