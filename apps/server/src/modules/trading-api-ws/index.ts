import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { serveSocket } from '../../plugins/ws-serve.js';
import { apiKeysServerKey, createKeyBox, LiveKeys } from '../api-keys/index.js';
import { tradeDepsOf } from '../trading-api-private/index.js';
import { BalanceFeed } from './balance-feed.js';
import { BUSINESS_CHANNELS, privateConnection, type ConnectionDeps } from './connection.js';
import { WsHub } from './hub.js';
import { spotOrderFeed, swapOrderFeed } from './order-feed.js';
import { positionFeed } from './position-feed.js';
import { UserQueue } from './user-queue.js';

export { KeyLimits, OKX_WS_KEY_LIMITS, type LimitAnswer, type LimitKind, type OrderOpLimits } from './key-limits.js';

/** Where ccxt's okx class opens its private socket: its ws URL plus "/private". */
export const OKX_PRIVATE_WS_PATH = '/ws/v5/private';

/**
 * OKX v5's private websocket (issue 42): a key's signed login, its own orders, balances and
 * positions pushed from the products' events, and order entry through trading-api-private's calls
 * (so every check, hold and ledger posting is the spot service's, as over REST).
 */
export const tradingApiWsProduct: Product<Services> = {
  name: 'trading-api-ws',
  plugin: async (app, s) => {
    const onError = (err: unknown) => app.log.error({ err }, 'a private v5 push failed');
    const hub = new WsHub((userId) => {
      const stops = [s.bus.watchUser(userId), s.positions.watchUser(userId), s.okxSwapOrders.watchUser(userId)];
      return () => stops.forEach((stop) => stop());
    });
    const queue = new UserQueue(onError);
    const priceOf = (asset: string) => (asset === 'USDT' ? '1' : s.market.lastPrice(asset));
    const balances = new BalanceFeed({ db: s.db, hub, priceOf, now: s.config.now, onError });
    const stops = [
      spotOrderFeed({ bus: s.bus, hub, queue, now: s.config.now, onUserEvent: (userId) => balances.changed(userId) }),
      swapOrderFeed({ orders: s.okxSwapOrders.subscribe, db: s.db, now: s.config.now, hub, queue, onUserEvent: (userId) => balances.changed(userId) }),
      positionFeed({ positions: s.positions.subscribe, hub, now: s.config.now, onUserEvent: (userId) => balances.changed(userId, 'position') }),
      // Algo orders change on whichever process took the call or fired them: `shared` hears them all.
      s.okxAlgoEvents.shared.subscribe((userId, row) => {
        if (!hub.wants(userId, 'orders-algo')) return;
        const order = row();
        hub.push(userId, 'orders-algo', [{ tags: { instType: order.instType, instId: order.instId }, row: order }]);
      }),
      s.userEvents.deposits.subscribe((userId) => balances.changed(userId, 'transferred')),
      s.userEvents.withdrawals.subscribe((userId) => balances.changed(userId, 'transferred')),
    ];
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
      hub.close();
    });
    const keys = new LiveKeys(s.db, s.sessions.events, () => s.config.now().getTime());
    app.addHook('onClose', async () => keys.close());
    const deps: ConnectionDeps = {
      place: tradeDepsOf(s),
      limits: s.okxWsKeyLimits,
      hub,
      balances,
      box: createKeyBox(apiKeysServerKey(s)),
      keys,
      positions: { db: s.db, futures: s.core.futures.service, monitor: s.core.futures.monitor, now: s.config.now },
    };
    // ccxt (as OKX) takes the algo orders on the business socket, logged in there: market-data's socket hands those frames here.
    s.okxBusinessSigned.connect = (socket, request) => privateConnection(socket, request, deps, BUSINESS_CHANNELS);
    app.addHook('onClose', async () => {
      s.okxBusinessSigned.connect = null;
    });
    app.get(OKX_PRIVATE_WS_PATH, { websocket: true }, (socket, request) => {
      serveSocket(socket, request, s.wsConnections, privateConnection(socket, request, deps));
    });
  },
};
