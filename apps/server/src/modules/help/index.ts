import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { HelpContent } from './content.js';
import { helpRoutes } from './routes.js';

/** The help centre's articles, read from content files at start: a malformed one stops it, naming the file. */
export const helpProduct: Product<Services> = {
  name: 'help',
  api: async (v1) => {
    await v1.register(helpRoutes, { content: HelpContent.load() });
  },
};
