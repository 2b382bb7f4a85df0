import type { Queryable, SqlParam } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { networkById } from './networks.js';
import type { WithdrawalStatus } from './withdrawals/store.js';

/** A page of a user's deposits or withdrawals as OKX pages them: newest first, by time, `after` older and `before` newer (both exclusive). */
export interface FundsPage {
  userId: string;
  symbol?: string;
  id?: string;
  txId?: string;
  after?: Date;
  before?: Date;
  limit: number;
}

export interface DepositLine {
  id: string;
  symbol: string;
  network: string;
  address: string;
  memo: string | null;
  amount: string;
  txHash: string;
  confirmations: number;
  status: 'submitted' | 'accepted' | 'credited' | 'skipped' | 'rejected';
  createdAt: Date;
}

export interface WithdrawalLine {
  id: string;
  symbol: string;
  network: string;
  address: string;
  memo: string | null;
  amount: string;
  fee: string;
  txHash: string | null;
  status: WithdrawalStatus;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function where(page: FundsPage, idColumn: string, txColumn: string): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [page.userId];
  const parts = ['user_id = $1'];
  const add = (clause: string, value: SqlParam) => {
    params.push(value);
    parts.push(clause.replace('?', `$${params.length}`));
  };
  if (page.symbol) add('symbol = ?', page.symbol);
  // An id we never issue matches nothing, rather than failing the uuid cast.
  if (page.id !== undefined) add(`${idColumn} = ?`, UUID.test(page.id) ? page.id : '00000000-0000-0000-0000-000000000000');
  if (page.txId) add(`${txColumn} = ?`, page.txId);
  if (page.after) add('created_at < ?', page.after.toISOString());
  if (page.before) add('created_at > ?', page.before.toISOString());
  params.push(page.limit);
  return { sql: `WHERE ${parts.join(' AND ')} ORDER BY created_at DESC, seq DESC LIMIT $${params.length}`, params };
}

const codeOf = (networkId: number | null) => (networkId === null ? '' : (networkById(networkId)?.code ?? String(networkId)));

/** The columns a deposit and a withdrawal both have, as selected. */
const MOVEMENT_COLUMNS = 'id, symbol, network_id, address, memo, amount::text AS amount, tx_hash, status, created_at';

interface MovementRow {
  id: string;
  symbol: string;
  network_id: number | null;
  address: string;
  memo: string | null;
  amount: string;
  created_at: Date | string;
}

/** The line's fields a deposit and a withdrawal share. */
function movementOf(r: MovementRow): Pick<DepositLine, 'id' | 'symbol' | 'network' | 'address' | 'memo' | 'amount' | 'createdAt'> {
  return { id: r.id, symbol: r.symbol, network: codeOf(r.network_id), address: r.address, memo: r.memo, amount: new Dec(r.amount).toFixed(), createdAt: new Date(r.created_at) };
}

/** A user's deposits, for OKX's deposit-history. */
export async function depositPage(q: Queryable, page: FundsPage): Promise<DepositLine[]> {
  const { sql, params } = where(page, 'id', 'tx_hash');
  const res = await q.query<MovementRow & { tx_hash: string; confirmations: number; status: DepositLine['status'] }>(
    `SELECT ${MOVEMENT_COLUMNS}, confirmations FROM deposits ${sql}`,
    params,
  );
  return res.rows.map((r) => ({ ...movementOf(r), txHash: r.tx_hash, confirmations: r.confirmations, status: r.status }));
}

/** A user's on-chain withdrawals, for OKX's withdrawal-history. */
export async function withdrawalPage(q: Queryable, page: FundsPage): Promise<WithdrawalLine[]> {
  const { sql, params } = where(page, 'id', 'tx_hash');
  const res = await q.query<MovementRow & { fee: string; tx_hash: string | null; status: WithdrawalStatus }>(
    `SELECT ${MOVEMENT_COLUMNS}, fee::text AS fee FROM withdrawals ${sql.replace('WHERE ', "WHERE kind = 'onchain' AND ")}`,
    params,
  );
  return res.rows.map((r) => ({ ...movementOf(r), fee: new Dec(r.fee).toFixed(), txHash: r.tx_hash, status: r.status }));
}
