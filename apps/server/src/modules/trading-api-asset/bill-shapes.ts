import type { z } from 'zod';
import type { okxBill } from '@exchange/contract';
import type { BillRow } from '../../ledger/bills.js';

type Bill = z.infer<typeof okxBill>;

/**
 * Our journal's kinds as OKX's bill types of the trading account ("Get bills details": 1 transfer,
 * 2 trade, 3 delivery, 6 margin transfer, 7 interest, 8 funding fee, 9 ADL, 27 convert); a kind not
 * named is a transfer in or out of the account (deposits, grants, earn subscriptions).
 */
const TRADING_TYPE: Record<string, string> = {
  spot_fill: '2',
  futures_fill: '2',
  futures_delivery: '3',
  futures_margin_move: '6',
  earn_interest: '7',
  futures_funding: '8',
  futures_adl: '9',
  conversion: '27',
};

/** The funding account's bill types ("Asset bills details"): 1 deposit, 2 withdrawal, 130/131 from/to the trading account. */
function fundingType(kind: string, change: string): string {
  if (kind === 'deposit') return '1';
  if (kind === 'withdrawal' || kind === 'internal_withdrawal') return change.startsWith('-') ? '2' : '1';
  return change.startsWith('-') ? '131' : '130';
}

export type BillAccount = 'trading' | 'funding';

export function billTypeOf(account: BillAccount, kind: string, change: string): string {
  return account === 'trading' ? (TRADING_TYPE[kind] ?? '1') : fundingType(kind, change);
}

/** The journal kinds whose bills have OKX type `type` in the account (for the `type` filter). */
export function kindsOfType(account: BillAccount, type: string, knownKinds: readonly string[]): string[] {
  return knownKinds.filter((k) => billTypeOf(account, k, '-1') === type || billTypeOf(account, k, '1') === type);
}

/** Every kind the journal writes, for the `type` filter. */
export const JOURNAL_KINDS = [
  'transfer',
  'spot_fill',
  'futures_fill',
  'futures_delivery',
  'futures_margin_move',
  'futures_funding',
  'futures_adl',
  'conversion',
  'deposit',
  'withdrawal',
  'internal_withdrawal',
  'earn_subscribe',
  'earn_redeem',
  'earn_interest',
  'newcomer_gift',
  'demo_grant',
  'adjustment',
] as const;

/** The instrument type of a bill of this kind, as the bills call's `instType` filter takes it; "" for a bill of no instrument. */
const INST_TYPE: Partial<Record<string, string>> = { spot_fill: 'SPOT', futures_fill: 'SWAP', futures_funding: 'SWAP', futures_adl: 'SWAP', futures_delivery: 'FUTURES' };

/** One bill as OKX shows it; a fill's trade id is its journal reference. */
export function okxBillOf(account: BillAccount, row: BillRow): Bill {
  const isFill = row.kind === 'spot_fill' || row.kind === 'futures_fill';
  const size = row.change.startsWith('-') ? row.change.slice(1) : row.change;
  return {
    bal: row.balance,
    balChg: row.change,
    billId: row.billId,
    ccy: row.asset,
    clOrdId: '',
    execType: '',
    fee: '0',
    from: '',
    instId: '',
    instType: INST_TYPE[row.kind] ?? '',
    interest: '0',
    mgnMode: isFill && row.kind === 'spot_fill' ? 'cash' : '',
    notes: '',
    ordId: '',
    pnl: '0',
    posBal: '0',
    posBalChg: '0',
    px: '',
    subType: '',
    sz: size,
    tag: '',
    to: '',
    tradeId: isFill ? (row.ref ?? '') : '',
    ts: String(row.createdAt.getTime()),
    type: billTypeOf(account, row.kind, row.change),
  };
}
