import { describe, expect, it } from 'vitest';
import { FrontRouting, opensWithOrderEntry } from '../../src/cluster/front-routing.js';

describe('opensWithOrderEntry', () => {
  it('knows the order calls by their request line', () => {
    expect(opensWithOrderEntry('POST /api/v1/orders?apikey=k&uid=1 HTTP/1.1\r\nHost: x\r\n')).toBe(true);
    expect(opensWithOrderEntry('DELETE /api/v1/orders/abc?uid=1 HTTP/1.1\r\n')).toBe(true);
    expect(opensWithOrderEntry('POST /api/v1/futures HTTP/1.1\r\n')).toBe(true);
    expect(opensWithOrderEntry('PUT /api/v1/close-position?future_id=3 HTTP/1.1\r\n')).toBe(true);
  });

  it('leaves every other call, and a line that only mentions orders later, to the turns', () => {
    expect(opensWithOrderEntry('GET /api/v1/orders?uid=1 HTTP/1.1\r\n')).toBe(false);
    expect(opensWithOrderEntry('POST /api/v1/orders-export HTTP/1.1\r\n')).toBe(false);
    expect(opensWithOrderEntry('GET /ws/public HTTP/1.1\r\nUpgrade: websocket\r\n')).toBe(false);
    expect(opensWithOrderEntry('GET /x HTTP/1.1\r\nReferer: POST /api/v1/orders \r\n')).toBe(false);
    expect(opensWithOrderEntry('')).toBe(false);
  });
});

describe('FrontRouting', () => {
  const WORKERS = [1, 2, 3];

  it('deals connections in turn while no worker owns the venues', () => {
    const r = new FrontRouting(2);
    expect([r.pick(WORKERS, true), r.pick(WORKERS, false), r.pick(WORKERS, true), r.pick(WORKERS, false)]).toEqual([1, 2, 3, 1]);
  });

  it('hands order connections to the owner up to its share, then deals them in turn', () => {
    const r = new FrontRouting(2);
    r.role(3, true);
    expect([r.pick(WORKERS, true), r.pick(WORKERS, true)]).toEqual([3, 3]);
    expect([r.pick(WORKERS, true), r.pick(WORKERS, true), r.pick(WORKERS, true)]).toEqual([1, 2, 3]);
    expect(r.pick(WORKERS, false)).toBe(1);
  });

  it('gives the owner an order connection again once one of its own has closed', () => {
    const r = new FrontRouting(1);
    r.role(2, true);
    expect(r.pick(WORKERS, true)).toBe(2);
    expect(r.pick(WORKERS, true)).toBe(1);
    r.closed(2);
    expect(r.pick(WORKERS, true)).toBe(2);
  });

  it('follows the venues to their new owner, and forgets a worker that is gone', () => {
    const r = new FrontRouting(5);
    r.role(1, true);
    expect(r.pick(WORKERS, true)).toBe(1);
    r.gone(1);
    expect(r.pick([2, 3], true)).toBe(2);
    expect(r.pick([2, 3], true)).toBe(3);
    r.role(3, true);
    expect(r.pick([2, 3], true)).toBe(3);
    r.role(3, false);
    expect(r.pick([2, 3], true)).toBe(2);
  });

  it('deals everything when the owner takes no order connections of its own', () => {
    const r = new FrontRouting(0);
    r.role(1, true);
    expect([r.pick(WORKERS, true), r.pick(WORKERS, true), r.pick(WORKERS, true)]).toEqual([1, 2, 3]);
  });
});
