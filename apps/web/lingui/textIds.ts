import { extractor as babelExtractor } from '@lingui/cli/api';
import type { ExtractorType } from '@lingui/conf';

/**
 * Every message's id is its English text, as for the contract's texts: the catalogues are keyed
 * by the words a translator sees, and a page's chunk carries no extra hashed id beside its English
 * words (vite.config.ts writes the same ids into the built code). A message context would need
 * its own id scheme, so it is refused.
 */
export function textId(message: string, context: string | undefined, where: string): string {
  if (context) throw new Error(`${where}: message contexts are not used here; word the message differently instead`);
  return message;
}

/** Lingui's own extractor for the web's sources, with the English text as each message's id. */
export const textIdExtractor: ExtractorType = {
  match: (filename) => babelExtractor.match(filename),
  extract: (filename, code, onMessageExtracted, ctx) =>
    babelExtractor.extract(
      filename,
      code,
      (message) => onMessageExtracted({ ...message, id: textId(message.message ?? message.id, message.context, filename) }),
      ctx,
    ),
};
