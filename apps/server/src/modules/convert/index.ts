import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import type { RecordWriter } from '../../ledger/records.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { DESK } from './convert-service.js';
import { deskResultLines } from './desk-result.js';
import { convertMigrations } from './migrations.js';
import { conversionsWriter } from './records.js';
import { convertRoutes } from './routes.js';

export { ConvertService } from './convert-service.js';
export { convertActivitySince } from './activity.js';
export { deskValueUsdt } from './desk-result.js';

/** Conversions at a quoted price; the desk hedges each one on the spot market (docs/convert.md). */
export const convertProduct: Product<Services> = {
  name: 'convert',
  migrations: convertMigrations,
  ledger: {
    // The counterparty of every conversion: its balance is its position, long or short.
    systemAccounts: [{ owner: DESK, mayGoNegative: true, reported: true }],
    recordWriters: [conversionsWriter] as RecordWriter<never>[],
    report: deskResultLines,
  },
  api: async (v1, s) => {
    await v1.register(async (owned) => {
      markVenueOwnerRoutes(owned);
      await owned.register(convertRoutes, { db: s.db, convert: s.convert, lastPrice: (symbol) => s.market.lastPrice(symbol) });
    });
  },
};
