import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutNotSent, type SignedPayout } from '../../src/modules/funds/deposits/chain.js';
import { SimulatedChains } from '../../src/modules/funds/deposits/simulated-chain.js';
import { WithdrawalProcessor } from '../../src/modules/funds/withdrawals/processor.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { manualClock, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { submit, TRON_DESTINATION, withdrawals } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

/**
 * A chain that loses the first broadcast and then refuses the stored transaction as never minable,
 * as an EVM node does once the hot wallet spent its nonce on another payout.
 */
class NonceLostChains extends SimulatedChains {
  refused = 0;
  override async broadcast(networkId: number, signed: SignedPayout, nowMs: number): Promise<void> {
    if (this.refused < 2) {
      this.refused += 1;
      if (this.refused === 2) throw new PayoutNotSent('nonce 7 is spent by another transaction of the hot wallet');
      return;
    }
    return super.broadcast(networkId, signed, nowMs);
  }
}

describe('a stored payout that can never be mined', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
  });
  afterAll(() => closeChecked(t));

  it('is signed again and paid once, with the new transaction’s hash', async () => {
    const chains = new NonceLostChains(t.app.services.db, [trc20.id]);
    const processor = new WithdrawalProcessor({ db: t.app.services.db, chains, service: t.app.services.withdrawals.service, events: t.app.services.withdrawals.events, log: t.app.log, now: clock.now });
    const u = await newUser(t.app);
    expect((await submit(t.app, u, { wallet_id: 0, initial_amount: '40', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' })).statusCode).toBe(200);
    await processor.step();
    const [first] = await withdrawals(t.app, u);
    clock.advance(1000);
    await processor.step();
    expect((await withdrawals(t.app, u))[0]).toMatchObject({ status: 'processing', tx_hash: null });
    await processor.step();
    const [again] = await withdrawals(t.app, u);
    expect(again?.tx_hash).toMatch(/^0x/);
    expect(again?.tx_hash).not.toBe(first?.tx_hash);
    clock.advance((trc20.confirmations + 1) * 1000);
    await processor.step();
    expect((await withdrawals(t.app, u))[0]).toMatchObject({ status: 'completed', tx_hash: again?.tx_hash });
  });
});
