import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { HelpContent } from './content.js';
import { announcementsMigration } from './migrations.js';
import { helpRoutes } from './routes.js';

export { createAnnouncement, listAnnouncements, lockAnnouncement, setPublished, updateAnnouncement } from './announcements.js';

/**
 * The help centre's articles, read from content files at start (a malformed one stops it, naming the
 * file), and the announcements published in the operator console, read from the database.
 */
export const helpProduct: Product<Services> = {
  name: 'help',
  migrations: [announcementsMigration],
  api: async (v1, s) => {
    await v1.register(helpRoutes, { content: HelpContent.load(), db: s.db });
  },
};
