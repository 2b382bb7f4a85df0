import { readCodedMessage } from '@exchange/contract';
import { codedText } from './codedText';
import { useContractText } from './contractText';

/**
 * `useContractText` for a text the server stored rather than answered, such as a deposit's or a
 * withdrawal's reason: one filled from a coded template (message-codes.ts) is read back to its
 * code and translated like a refusal's. Apart from `useContractText` so the templates' reader loads
 * only with the pages that list such texts.
 */
export function useStoredText(): (text: string) => string {
  const contractText = useContractText();
  return (text) => {
    const coded = readCodedMessage(text);
    return (coded && codedText(coded.code, coded.params)) ?? contractText(text);
  };
}
