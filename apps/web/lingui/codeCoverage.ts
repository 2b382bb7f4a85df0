import { codedMessages, messageParamNames, type MessageCode } from '@exchange/contract';

/** What a catalogue holds of one message: its translation, if any. */
export type CatalogueEntries = Record<string, { translation?: string } | undefined>;

/**
 * Every server message code (contract's message-codes.ts) with no usable translation in a
 * catalogue: its template missing, untranslated, or translated without one of its `{name}`
 * values. The web shows a coded refusal through its template's translation, so each is a
 * refusal some reader would get in English.
 */
export function untranslatedCodes(catalogues: Record<string, CatalogueEntries>, codes = Object.keys(codedMessages) as MessageCode[]): string[] {
  const problems: string[] = [];
  for (const [locale, entries] of Object.entries(catalogues)) {
    for (const code of codes) {
      const translation = entries[codedMessages[code]]?.translation?.trim();
      if (!translation) problems.push(`${locale}: ${code} has no translation`);
      else {
        const lost = messageParamNames(code).filter((name) => !translation.includes(`{${name}}`));
        if (lost.length > 0) problems.push(`${locale}: ${code} loses {${lost.join('}, {')}}`);
      }
    }
  }
  return problems;
}
