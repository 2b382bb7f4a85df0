import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalRecord } from '@exchange/contract';
import { defaultWithdrawalLimits, type AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Idempotency } from './ledger/idempotency.js';
import type { Ledger } from './ledger/ledger.js';
import type { Mailer } from './mail/mailer.js';
import type { MarketData } from './modules/market-data/index.js';
import type { TwoFactor } from './modules/security/index.js';
import {
  DepositWatcher,
  EvmChains,
  networks,
  RoutedChains,
  SimulatedChains,
  UserEvents,
  WithdrawalProcessor,
  WithdrawalService,
} from './modules/funds/index.js';
import { Dec } from './shared/decimal.js';
import { codePepperOf, confirmCodes } from './secrets.js';

interface FundsDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  ledger: Ledger;
  idempotency: Idempotency;
  market: MarketData;
  mailer: Mailer;
  twoFactor: TwoFactor;
}

/**
 * The chains and the money that crosses them: the real EVM adapter where configured, the chain
 * simulator elsewhere (or nowhere when it is off), the deposit watcher and the withdrawals.
 */
export async function openFunds({ config, db, log, ledger, idempotency, market, mailer, twoFactor }: FundsDeps) {
  const evm = config.evm ? new EvmChains(config.evm) : null;
  if (config.evm) {
    // Codes, chain ids and the hot wallet's address only: RPC URLs may carry API keys.
    const real = config.evm.networks.map((n) => `${n.code} (chain ${n.chainId}; ${[n.nativeSymbol, ...Object.keys(n.tokens)].join(', ')})`);
    log.info({ hotWallet: config.evm.hotWallet?.address ?? null }, `real EVM networks: ${real.join('; ')}; every other network is simulated`);
  }
  // A network a real adapter serves never takes simulated transfers; with the simulator off, the
  // networks no adapter serves are closed to deposits and withdrawals.
  const chains =
    config.simulatedChains === 'off'
      ? null
      : new SimulatedChains(db, networks.map((n) => n.id).filter((id) => !evm?.networkIds.includes(id)), config.simulatedBlockMs);
  const routed = new RoutedChains([...(evm ? [evm] : []), ...(chains ? [chains] : [])]);
  const deposits = await DepositWatcher.open(db, ledger, routed, log, config.now);
  const limits = config.withdrawals ?? defaultWithdrawalLimits;
  const withdrawalEvents = new UserEvents<WithdrawalRecord>();
  const withdrawals = new WithdrawalService({
    db,
    ledger,
    idempotency,
    events: withdrawalEvents,
    limits: { dailyLimitUsdt: new Dec(limits.dailyLimitUsdt), reviewThresholdUsdt: new Dec(limits.reviewThresholdUsdt) },
    price: (symbol) => market.lastPrice(symbol),
    pays: (networkId, symbol) => routed.pays(networkId, symbol),
    now: config.now,
    secondFactor: twoFactor,
    codes: confirmCodes(codePepperOf(config)),
    mail: async (mail) => {
      try {
        await mailer.send(mail);
      } catch (err) {
        log.error({ err, mail: { to: mail.to, subject: mail.subject } }, 'sending a withdrawal confirmation failed');
      }
    },
    emailOf: async (userId) => (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email ?? null,
  });
  const processor = new WithdrawalProcessor({ db, chains: routed, service: withdrawals, events: withdrawalEvents, log, now: config.now });
  return { chains, evm, payouts: routed, deposits, withdrawals, processor, withdrawalEvents };
}
