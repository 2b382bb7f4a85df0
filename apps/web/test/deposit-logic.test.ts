import { describe, expect, it } from 'vitest';
import type { CoinTransactionRow, DepositRecord } from '@exchange/contract';
import { quickPicks } from '../src/shared/funds/coins';
import { searchCoins as searchFundsCoins } from '../src/shared/market/coinSearch';
import { simulatedAmountProblem } from '../src/features/deposit/model/simulate';
import { shorten } from '../src/shared/format/shorten';
import { confirmationsText } from '../src/shared/funds/confirmations';
import { depositStatusTone, isFinalStatus, needsPolling } from '../src/features/deposit/model/status';
import { chooseCrypto, chooseNetwork, currentStep, emptySelection, selectedCoin, selectedNetwork } from '../src/features/deposit/model/steps';

const network = (id: number, code: string) => ({
  id,
  code,
  name: code,
  address_format: '',
  scheme: 'evm' as const,
  memo: false,
  confirmations: 12,
  withdraw_fee: '1',
  min_deposit: '1',
  decimals: 6,
  simulated: true,
});
const coin = (symbol: string, name: string, networks = [network(1, 'ERC20')]): CoinTransactionRow => ({
  coin_id: 1,
  symbol,
  name,
  logo_path: '',
  price: '1',
  funding_balance: '0',
  spot_balance: '0',
  networks,
});
const coins = [coin('USDT', 'Tether', [network(1, 'ERC20'), network(2, 'TRC20')]), coin('BTC', 'Bitcoin'), coin('ETH', 'Ethereum'), coin('SOL', 'Solana'), coin('WBTC', 'Wrapped Bitcoin')];

const record = (overrides: Partial<DepositRecord>): DepositRecord => ({
  id: 'd1',
  date: '2026-01-05T10:00:00.000Z',
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '',
  amount: '25',
  fee: '0',
  final_amount: '25',
  network: 'TRC20',
  address: 'T123',
  memo: null,
  tx_hash: '0xabc',
  confirmations: 3,
  confirmations_needed: 12,
  status: 'submitted',
  reason: null,
  ...overrides,
});

describe('deposit steps', () => {
  it('moves from crypto to network to address', () => {
    expect(currentStep(emptySelection)).toBe(1);
    const withCrypto = chooseCrypto(emptySelection, 'USDT');
    expect(currentStep(withCrypto)).toBe(2);
    expect(currentStep(chooseNetwork(withCrypto, 2))).toBe(3);
  });

  it('resets the network when the crypto changes, and keeps it when the same crypto is chosen again', () => {
    const chosen = chooseNetwork(chooseCrypto(emptySelection, 'USDT'), 2);
    expect(chooseCrypto(chosen, 'USDT')).toEqual({ symbol: 'USDT', networkId: 2 });
    expect(chooseCrypto(chosen, 'BTC')).toEqual({ symbol: 'BTC', networkId: null });
  });

  it('takes no network before a crypto', () => {
    expect(chooseNetwork(emptySelection, 2)).toEqual(emptySelection);
  });

  it('finds the chosen coin and network in the list', () => {
    const selection = { symbol: 'USDT', networkId: 2 };
    const found = selectedCoin(coins, selection);
    expect(found?.name).toBe('Tether');
    expect(selectedNetwork(found, selection)?.code).toBe('TRC20');
    expect(selectedNetwork(found, { symbol: 'USDT', networkId: 9 })).toBeNull();
    expect(selectedCoin(null, selection)).toBeNull();
  });
});

describe('deposit coins', () => {
  it('searches symbol or name, case-insensitive, symbol hits first', () => {
    expect(searchFundsCoins(coins, 'btc').map((c) => c.symbol)).toEqual(['BTC', 'WBTC']);
    expect(searchFundsCoins(coins, 'BITCOIN').map((c) => c.symbol)).toEqual(['BTC', 'WBTC']);
    expect(searchFundsCoins(coins, ' teth ').map((c) => c.symbol)).toEqual(['USDT']);
    expect(searchFundsCoins(coins, 'zzz')).toEqual([]);
    expect(searchFundsCoins(coins, '')).toHaveLength(coins.length);
  });

  it('offers the five quick picks in the spec order, PI without a coin row as it has no network', () => {
    const picks = quickPicks(coins);
    expect(picks.map((p) => p.symbol)).toEqual(['USDT', 'BTC', 'ETH', 'PI', 'SOL']);
    expect(picks.filter((p) => p.coin === null).map((p) => p.symbol)).toEqual(['PI']);
  });
});

describe('deposit statuses', () => {
  it('shows confirmations as done/needed, never above the needed count', () => {
    expect(confirmationsText({ confirmations: 3, confirmations_needed: 12 })).toBe('3/12');
    expect(confirmationsText({ confirmations: 15, confirmations_needed: 12 })).toBe('12/12');
  });

  it('counts credited, skipped and rejected as final', () => {
    expect(['credited', 'skipped', 'rejected'].every((s) => isFinalStatus(s as DepositRecord['status']))).toBe(true);
    expect(isFinalStatus('submitted')).toBe(false);
    expect(isFinalStatus('accepted')).toBe(false);
    expect(depositStatusTone('credited')).toBe('up');
    expect(depositStatusTone('submitted')).toBe('pending');
    expect(depositStatusTone('skipped')).toBe('down');
  });

  it('polls while a deposit moves or an awaited one has not shown up', () => {
    expect(needsPolling(null, [])).toBe(false);
    expect(needsPolling([], [])).toBe(false);
    expect(needsPolling([record({ status: 'submitted' })], [])).toBe(true);
    expect(needsPolling([record({ status: 'accepted' })], [])).toBe(true);
    expect(needsPolling([record({ status: 'credited' })], [])).toBe(false);
    expect(needsPolling([record({ status: 'credited' })], ['0xnew'])).toBe(true);
    expect(needsPolling([record({ status: 'credited', tx_hash: '0xnew' })], ['0xnew'])).toBe(false);
  });
});

describe('simulated amount and short texts', () => {
  const terms = { decimals: 6, min_deposit: '0.5' };

  it('accepts a plain positive decimal only', () => {
    for (const ok of ['25', '0.5', ' 100 ']) expect(simulatedAmountProblem(ok, terms), ok).toBeNull();
    for (const bad of ['', '0', '0.0', '-1', 'abc', '1e3', '1.', '.5']) expect(simulatedAmountProblem(bad, terms), bad).toBe('invalid');
  });

  it("refuses more decimals than the token has on the network, and less than the network's minimum", () => {
    expect(simulatedAmountProblem('1.123456', terms)).toBeNull();
    expect(simulatedAmountProblem('1.1234567', terms)).toBe('tooManyDecimals');
    // Trailing zeros carry no value: the server does not count them either.
    expect(simulatedAmountProblem('1.123456000', terms)).toBeNull();
    expect(simulatedAmountProblem('1.5', { ...terms, decimals: 0 })).toBe('tooManyDecimals');
    expect(simulatedAmountProblem('0.4999', terms)).toBe('belowMinimum');
    expect(simulatedAmountProblem('0.50', terms)).toBeNull();
  });

  it('shortens long hashes and leaves short ones', () => {
    expect(shorten('0x1234567890abcdef1234')).toBe('0x1234…ef1234');
    expect(shorten('T1234')).toBe('T1234');
  });
});
