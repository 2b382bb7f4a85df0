import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { DEPOSITS_OWNER, WITHDRAWALS_OWNER } from './system-owners.js';
import type { RecordWriter } from '../../ledger/records.js';
import { purposeCodes } from '../accounts/index.js';
import { withdrawAddressMail } from '../../mail/templates.js';
import { depositDecisionsMigration, depositsMigration, depositRetriesMigration, unclaimedDepositsMigration } from './deposits/migrations.js';
import { depositCreditWalletMigration } from './deposits/credit-wallet.js';
import { creditWalletRoutes } from './deposits/credit-wallet-routes.js';
import { depositCreditedWriter } from './deposits/records.js';
import { depositRoutes } from './deposits/routes.js';
import { simulateDepositRoute } from './deposits/simulate-route.js';
import { fundsChecks } from './ledger-checks.js';
import { fundsNetworksMigration } from './migrations.js';
import { fundsRoutes } from './routes.js';
import { withdrawalConfirmationMigration, withdrawalsMigration } from './withdrawals/migrations.js';
import { withdrawalsConfirmedWriter, withdrawalsInsertWriter, withdrawalsSettledWriter } from './withdrawals/records.js';
import { withdrawalRoutes } from './withdrawals/routes.js';

export { addressKeysFromEnv, testAddressKeys, usesTestKeys, type AddressKeys } from './addresses/address-keys.js';
export { checkAddressKeys } from './addresses/check-keys.js';
export { depositPrivateKey } from './addresses/private-keys.js';
export { UserEvents } from './user-events.js';
export { RoutedChains } from './chains.js';
export type { PayoutChain } from './deposits/chain.js';
export { SimulatedChains } from './deposits/simulated-chain.js';
export { simulatedReserveAddresses, simulatedReserves, type ChainReserve, type ReserveAddressRow } from './deposits/simulated-reserves.js';
export { DepositWatcher } from './deposits/watcher.js';
export { EvmChains } from './evm/evm-chains.js';
export { evmConfigFromEnv, type EvmConfig } from './evm/config.js';
export { networkByCode, networkById, networks, networksOfCoin, type Network } from './networks.js';
export { depositAddressFor } from './deposit-addresses.js';
export { creditWalletOf } from './deposits/credit-wallet.js';
export { creditDeposit, depositForReview, depositsForReview, refuseDeposit, type DecisionRefusal, type ReviewedDeposit } from './deposits/operator-review.js';
export { dayStart } from './withdrawals/rules.js';
export { usedSince } from './withdrawals/store.js';
export { depositPage, withdrawalPage, type DepositLine, type FundsPage, type WithdrawalLine } from './okx-history.js';
export type { KeyWithdrawalInput } from './withdrawals/key-withdrawal.js';
export { WithdrawalProcessor } from './withdrawals/processor.js';
export { WithdrawalService, type ConfirmCodes } from './withdrawals/service.js';
export { withdrawalById, withdrawalsInReviewCount, type StoredWithdrawal, type WithdrawalStatus } from './withdrawals/store.js';
export { approveWithdrawal, DEFAULT_WITHDRAWAL_REJECTION, rejectWithdrawal, withdrawalsByStatus } from './withdrawals/review.js';

/** Deposits and withdrawals on the chains, and between users. */
export const fundsProduct: Product<Services> = {
  name: 'funds',
  migrations: [fundsNetworksMigration, depositsMigration, depositRetriesMigration, withdrawalsMigration, withdrawalConfirmationMigration, depositCreditWalletMigration, depositDecisionsMigration, unclaimedDepositsMigration],
  ledger: {
    systemAccounts: [
      { owner: DEPOSITS_OWNER, mayGoNegative: true },
      { owner: WITHDRAWALS_OWNER, mayGoNegative: false },
    ],
    recordWriters: [depositCreditedWriter, withdrawalsInsertWriter, withdrawalsConfirmedWriter, withdrawalsSettledWriter] as RecordWriter<never>[],
    checks: fundsChecks,
  },
  api: async (v1, s) => {
    const userSimulator = s.config.simulatedChains === 'on' ? s.chains : null;
    await v1.register(fundsRoutes, {
      db: s.db,
      keys: s.addressKeys,
      lastPrice: (symbol) => s.market.lastPrice(symbol),
      serves: (networkId) => s.payouts.networkIds.includes(networkId),
      simulatesForUsers: (networkId) => userSimulator?.networkIds.includes(networkId) ?? false,
    });
    await v1.register(depositRoutes, { db: s.db });
    await v1.register(creditWalletRoutes, { db: s.db, now: s.config.now });
    if (userSimulator) await v1.register(simulateDepositRoute, { db: s.db, keys: s.addressKeys, simulator: userSimulator, now: s.config.now });
    await v1.register(withdrawalRoutes, {
      db: s.db,
      service: s.withdrawals.service,
      limits: s.withdrawals.service.limits,
      codes: purposeCodes(s.accounts, 'withdraw_address', withdrawAddressMail),
      secondFactor: s.twoFactor,
      now: s.config.now,
    });
  },
  plugin: async (_app, s) => {
    s.privateChannels.feed((push) => s.userEvents.deposits.subscribe((userId, row) => push(userId, 'deposits', row)));
    s.privateChannels.feed((push) => s.userEvents.withdrawals.subscribe((userId, row) => push(userId, 'withdrawals', row)));
  },
};
