import { maintenanceMargin, marginRatio, returnPercentage, unrealizedPnl } from '@exchange/risk';
import type { FuturesContract, FuturesPositionRow, PositionStatus } from '@exchange/contract';
import { toNumber } from '../../../shared/format/number';

export interface PositionFigures {
  mark: number | null;
  pnl: number;
  returnPercent: number;
  /** Margin plus unrealised profit (open), or what came back to the wallet (closed). */
  asset: number;
  /** Maintenance over equity; liquidation at 1. null where the server knows none. */
  marginRatio: number | null;
}

const OPEN: readonly PositionStatus[] = ['active'];

/**
 * A row's figures: an active position is re-marked at its contract's latest mark price (polled every
 * 2 s) with the server's own functions, so profit, return and margin ratio move between position
 * polls; every other row shows what the server sent.
 */
export function positionFigures(row: FuturesPositionRow, contracts: readonly FuturesContract[]): PositionFigures {
  const serverMark = row.mark_price === null ? null : toNumber(row.mark_price);
  const contractMark = toNumber(contracts.find((contract) => contract.inst_id === row.inst_id)?.mark_price ?? null);
  if (!OPEN.includes(row.status) || !(contractMark > 0)) {
    return {
      mark: serverMark,
      pnl: toNumber(row.unrealized_pnl),
      returnPercent: toNumber(row.return_percentage),
      asset: toNumber(row.asset),
      marginRatio: row.margin_ratio === null ? null : toNumber(row.margin_ratio),
    };
  }
  const qty = toNumber(row.filled_amount);
  const margin = toNumber(row.margin);
  const pnl = unrealizedPnl(row.side, qty, toNumber(row.entry_price), contractMark);
  // Cross positions share the wallet's equity, which only the server sees whole.
  const ratio =
    row.position_type === 'isolated' ? marginRatio(maintenanceMargin(qty * contractMark), margin + pnl) : row.margin_ratio === null ? null : toNumber(row.margin_ratio);
  return { mark: contractMark, pnl, returnPercent: returnPercentage(pnl, margin), asset: margin + pnl, marginRatio: ratio };
}

/** Rows the user may close: open positions and unfilled orders. */
export function closable(row: FuturesPositionRow): boolean {
  return row.status === 'active' || row.status === 'pending';
}
