import type { DepositRecord } from '@exchange/contract';
import type { Queryable, SqlParam } from '../../../db/database.js';
import { coinBySymbol } from '../../../shared/catalogue.js';
import { Dec } from '../../../shared/decimal.js';
import { coinIconPath } from '../../../shared/icons.js';
import { networkById } from '../networks.js';

/** One deposit as its owner sees it, for the private websocket's `deposits` channel. */
export async function depositRecordById(q: Queryable, id: string): Promise<{ userId: string; record: DepositRecord } | null> {
  const owner = await q.query<{ user_id: string }>('SELECT user_id FROM deposits WHERE id = $1', [id]);
  const userId = owner.rows[0]?.user_id;
  if (!userId) return null;
  const [record] = await depositRows(q, 'id = $1', [id]);
  return record ? { userId, record } : null;
}

/** A user's deposits, newest first, as the deposit page lists them. No fee is taken on a deposit. */
export async function depositHistory(q: Queryable, userId: string, limit: number): Promise<DepositRecord[]> {
  return depositRows(q, 'user_id = $1 ORDER BY seq DESC LIMIT $2', [userId, limit]);
}

async function depositRows(q: Queryable, where: string, params: SqlParam[]): Promise<DepositRecord[]> {
  const res = await q.query<{
    id: string;
    created_at: Date | string;
    network_id: number;
    symbol: string;
    tx_hash: string;
    address: string;
    memo: string | null;
    amount: string;
    confirmations: number;
    status: DepositRecord['status'];
    reason: string | null;
  }>(
    `SELECT id, created_at, network_id, symbol, tx_hash, address, memo, amount::text AS amount, confirmations, status, reason
     FROM deposits WHERE ${where}`,
    params,
  );
  return res.rows.map((r) => {
    const network = networkById(r.network_id);
    const amount = new Dec(r.amount).toFixed();
    return {
      id: r.id,
      date: new Date(r.created_at).toISOString(),
      coin_name: r.symbol === 'USDT' ? 'Tether' : (coinBySymbol(r.symbol)?.name ?? r.symbol),
      symbol: r.symbol,
      image_path: coinIconPath(r.symbol),
      amount,
      fee: '0',
      final_amount: r.status === 'credited' ? amount : '0',
      network: network?.code ?? String(r.network_id),
      address: r.address,
      memo: r.memo,
      tx_hash: r.tx_hash,
      confirmations: r.confirmations,
      confirmations_needed: network?.confirmations ?? 0,
      status: r.status,
      reason: r.reason,
    };
  });
}
