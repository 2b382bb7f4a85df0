import fc from 'fast-check';
import type { Command, Side, StpMode, TimeInForce } from '../src/index.js';

/** Random command streams over a narrow price range so that orders cross often. */
const id = fc.integer({ min: 0, max: 30 }).map((n) => `o${n}`);
const owner = fc.constantFrom('a', 'b', 'c');
const side = fc.constantFrom<Side>('buy', 'sell');
const price = fc.integer({ min: 95, max: 105 });
const qty = fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 1, arbitrary: fc.constant(0) });
const stp = fc.option(fc.constantFrom<StpMode>('cancel-maker', 'cancel-taker', 'cancel-both'), { nil: undefined });
const tif = fc.constantFrom<TimeInForce | undefined>(undefined, 'GTC', 'IOC', 'FOK');
const postOnly = fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.boolean() });

const limit = fc.record({ id, owner, side, price, qty, tif, postOnly, stp }).map((c) => ({ type: 'limit', ...c }) as Command);
const market = fc
  .record({
    id,
    owner,
    side,
    size: fc.oneof(
      qty.map((q) => ({ qty: q })),
      fc.integer({ min: 50, max: 1500 }).map((b) => ({ budget: b })),
    ),
    stp,
  })
  .map(({ size, ...c }) => ({ type: 'market', ...c, ...size }) as Command);
const stopLimit = fc
  .record({ id, owner, side, price, qty, tif, postOnly, stp, stopPrice: price })
  .map((c) => ({ type: 'stop-limit', ...c }) as Command);
const cancel = id.map((i) => ({ type: 'cancel', id: i }) as Command);

export const command = fc.oneof(
  { weight: 10, arbitrary: limit },
  { weight: 3, arbitrary: market },
  { weight: 3, arbitrary: stopLimit },
  { weight: 4, arbitrary: cancel },
);

export const commands = (maxLength = 80) => fc.array(command, { minLength: 1, maxLength });

/** Drops `undefined` fields so commands look like the JSON a caller would send. */
export const clean = (cmd: Command): Command =>
  Object.fromEntries(Object.entries(cmd).filter(([, v]) => v !== undefined)) as Command;
