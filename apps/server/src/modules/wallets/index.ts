import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { earnTotalsOf } from '../earn/index.js';
import { walletCoinsOf } from './market-coins.js';
import { walletRoutes } from './routes.js';
import { transfersWriter } from './transfer-service.js';

export { transfer, type TransferDeps, type TransferWallet } from './transfer-service.js';
export { transferById, type TransferHistoryRow } from './transfer-history.js';

/** Balances of every wallet, and transfers between a user's funding, spot and futures wallets. */
export const walletsProduct: Product<Services> = {
  name: 'wallets',
  ledger: { recordWriters: [transfersWriter] },
  api: async (v1, s) => {
    await v1.register(walletRoutes, {
      db: s.db,
      getPrice: (symbol) => (symbol === 'USDT' ? '1' : s.market.lastPrice(symbol)),
      coins: () => walletCoinsOf(s.market.coins()),
      transfers: s.transfers,
      earnPrincipal: async (userId) => new Map((await earnTotalsOf(s.db, userId)).map((r) => [r.symbol, r.principal])),
    });
  },
};
