import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { apiKeysServerKey, createKeyBox, okxSignedScope } from '../api-keys/index.js';
import { okxBillRoutes } from './bill-routes.js';
import { okxDepositRoutes } from './deposit-routes.js';
import { okxTransferRoutes } from './transfer-routes.js';
import { okxWithdrawalRoutes } from './withdrawal-routes.js';

/**
 * OKX v5's funding calls and bills (issue 42): currencies, transfers between the funding and
 * trading accounts, bills, deposit addresses and history, withdrawals, with a signed key. Money
 * moves only through the wallets product's transfer and the funds product's withdrawal service, so
 * every rule and ledger posting is theirs; this product stores nothing of its own.
 */
export const tradingApiAssetProduct: Product<Services> = {
  name: 'trading-api-asset',
  plugin: async (app, s) => {
    await app.register(async (signed) => {
      await signed.register(okxSignedScope, { db: s.db, box: createKeyBox(apiKeysServerKey(s)), now: s.config.now, events: s.sessions.events });
      await signed.register(okxDepositRoutes, {
        db: s.db,
        keys: s.addressKeys,
        serves: (networkId) => s.payouts.networkIds.includes(networkId),
        pays: (networkId, symbol) => s.payouts.pays(networkId, symbol),
        dailyLimitUsdt: () => s.withdrawals.service.limits.dailyLimitUsdt.toFixed(),
        now: s.config.now,
      });
      await signed.register(okxTransferRoutes, { db: s.db, transfers: s.transfers, idempotency: s.transfers.idempotency });
      await signed.register(okxBillRoutes, { db: s.db, now: s.config.now });
      await signed.register(okxWithdrawalRoutes, { db: s.db, service: s.withdrawals.service, idempotency: s.transfers.idempotency });
    });
  },
};
