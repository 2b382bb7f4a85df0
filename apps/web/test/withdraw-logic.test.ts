import { describe, expect, it } from 'vitest';
import { amountLimitMessages, withdrawMessages, type AddressBookEntry, type AddressScheme, type CoinTransactionRow, type WithdrawalRecord, type WithdrawLimitsResponse } from '@exchange/contract';
import { i18n } from '../src/shared/i18n/i18n';
import { compareDecimals, plainDecimal, subtractDecimals } from '../src/shared/format/decimal';
import { decimalPlaces, exceedsDecimals, tooManyDecimalsText } from '../src/shared/funds/decimals';
import {
  addressPreview,
  entriesForCoin,
  isSavedAddress,
  isSavedRecipient,
  newAddressProblem,
  savedRecipients,
} from '../src/features/withdraw/model/addressBook';
import { amountReceived, availableBalance, maxAmount, parseAmount, withdrawFee } from '../src/features/withdraw/model/amounts';
import {
  chooseCrypto,
  chooseNetwork,
  chooseSavedAddress,
  chooseSavedRecipient,
  chooseTab,
  currentStep,
  emptyDraft,
  selectedCoin,
  selectedNetwork,
  type WithdrawDraft,
} from '../src/features/withdraw/model/draft';
import { isLocked, withdrawalsBlocked } from '../src/features/withdraw/model/limits';
import {
  hasMovingWithdrawal,
  isCancellable,
  isFinalWithdrawal,
  rememberRows,
  showsConfirmations,
  withdrawalStatusTone,
  withPushedRows,
} from '../src/features/withdraw/model/status';
import { validateWithdrawal, visibleProblem, type WithdrawProblem } from '../src/features/withdraw/model/validation';

// 18 decimals on TRC20 here, so the exact-balance cases are not refused for their decimals; ERC20 has 6.
const trc20 = { id: 2, code: 'TRC20', name: 'TRON (TRC20)', address_format: 'T…', scheme: 'tron' as AddressScheme, memo: false, confirmations: 19, withdraw_fee: '1', min_deposit: '1', decimals: 18, simulated: true };
const erc20 = { id: 1, code: 'ERC20', name: 'Ethereum (ERC20)', address_format: '0x…', scheme: 'evm' as AddressScheme, memo: false, confirmations: 6, withdraw_fee: '3.000', min_deposit: '1', decimals: 6, simulated: true };
const usdt: CoinTransactionRow = {
  coin_id: 7,
  symbol: 'USDT',
  name: 'Tether',
  logo_path: '',
  price: '1',
  funding_balance: '25',
  spot_balance: '4.123456789',
  networks: [erc20, trc20],
};
const btc: CoinTransactionRow = { ...usdt, coin_id: 1, symbol: 'BTC', name: 'Bitcoin', networks: [{ ...trc20, id: 4, code: 'BTC' }] };

const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ready: WithdrawDraft = { ...emptyDraft, symbol: 'USDT', networkId: 2, address: TRON, amount: '10' };

const record = (overrides: Partial<WithdrawalRecord>): WithdrawalRecord => ({
  id: 'w1',
  date: '2026-01-05T10:00:00.000Z',
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '',
  kind: 'onchain',
  source: 'funding',
  amount: '10',
  fee: '1',
  final_amount: '9',
  network: 'TRC20',
  address: TRON,
  memo: null,
  tx_hash: null,
  confirmations: 0,
  confirmations_needed: 19,
  status: 'prepared',
  reason: null,
  ...overrides,
});

const entry = (overrides: Partial<AddressBookEntry> = {}): AddressBookEntry => ({
  id: 'a1',
  label: 'My wallet',
  kind: 'onchain',
  network_id: 2,
  network: 'TRC20',
  address: TRON,
  memo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('withdrawal steps (spec 3 §4)', () => {
  it('is step 1 until a crypto is chosen, 2 once it is, 3 once network and address are set', () => {
    expect(currentStep(emptyDraft)).toBe(1);
    const withCrypto = chooseCrypto(emptyDraft, 'USDT');
    expect(currentStep(withCrypto)).toBe(2);
    const withNetwork = chooseNetwork(withCrypto, 2);
    expect(currentStep(withNetwork)).toBe(2);
    expect(currentStep({ ...withNetwork, address: '   ' })).toBe(2);
    expect(currentStep({ ...withNetwork, address: TRON })).toBe(3);
  });

  it('counts an internal destination as set once a recipient is given', () => {
    const internal = chooseTab(chooseCrypto(emptyDraft, 'USDT'), 'internal');
    expect(currentStep(internal)).toBe(2);
    expect(currentStep({ ...internal, recipient: 'bob@example.com' })).toBe(3);
  });

  it('clears network, address, memo, recipient and amount when the crypto changes, not when the same one is chosen again', () => {
    const filled = { ...ready, memo: '42', recipient: 'x' };
    expect(chooseCrypto(filled, 'USDT')).toBe(filled);
    expect(chooseCrypto(filled, 'BTC')).toEqual({ ...emptyDraft, symbol: 'BTC' });
  });

  it('clears network, address and amount when switching between on-chain and internal, keeping crypto and source', () => {
    const filled = { ...ready, source: 'spot' as const };
    const internal = chooseTab(filled, 'internal');
    expect(internal).toEqual({ ...emptyDraft, symbol: 'USDT', tab: 'internal', source: 'spot' });
    expect(chooseTab(internal, 'internal')).toBe(internal);
    expect(chooseTab({ ...internal, recipient: 'bob', amount: '3' }, 'onchain')).toEqual({ ...emptyDraft, symbol: 'USDT', source: 'spot' });
  });

  it('takes no network before a crypto or on the internal tab', () => {
    expect(chooseNetwork(emptyDraft, 2)).toBe(emptyDraft);
    const internal = chooseTab(chooseCrypto(emptyDraft, 'USDT'), 'internal');
    expect(chooseNetwork(internal, 2)).toBe(internal);
  });

  it('fills network, address and memo from a saved address', () => {
    const draft = chooseSavedAddress(chooseCrypto(emptyDraft, 'USDT'), entry({ network_id: 1, address: '0xabc', memo: '77' }));
    expect([draft.networkId, draft.address, draft.memo]).toEqual([1, '0xabc', '77']);
    expect(chooseSavedAddress(emptyDraft, entry())).toBe(emptyDraft);
  });

  it('finds the chosen coin and network; none on the internal tab', () => {
    const coin = selectedCoin([usdt, btc], ready);
    expect(coin?.symbol).toBe('USDT');
    expect(selectedNetwork(coin, ready)?.code).toBe('TRC20');
    expect(selectedNetwork(coin, { ...ready, tab: 'internal' })).toBeNull();
    expect(selectedCoin(null, ready)).toBeNull();
  });
});

describe('withdrawal validation (spec 3 §5), in the spec order', () => {
  const check = (draft: WithdrawDraft, coin: CoinTransactionRow | null = usdt) => validateWithdrawal(draft, coin, selectedNetwork(coin, draft));

  it('asks for every field first: crypto, network, address, amount', () => {
    const complete: WithdrawProblem = { kind: 'completeFields' };
    expect(check(ready, null)).toEqual(complete);
    expect(check({ ...ready, networkId: null })).toEqual(complete);
    expect(check({ ...ready, address: ' ' })).toEqual(complete);
    expect(check({ ...ready, amount: '' })).toEqual(complete);
    expect(check({ ...ready, tab: 'internal', recipient: '' })).toEqual(complete);
    // An incomplete draft with a bad amount still reads "complete the fields" first.
    expect(check({ ...ready, address: '', amount: '0' })).toEqual(complete);
  });

  it('then an address the server takes on the chosen network, by the contract rules', () => {
    expect(check({ ...ready, address: ETH })).toEqual({ kind: 'invalidAddress', network: 'TRON (TRC20)' });
    expect(check({ ...ready, networkId: 1, address: TRON })).toEqual({ kind: 'invalidAddress', network: 'Ethereum (ERC20)' });
    expect(check({ ...ready, networkId: 1, address: '0x000000000000000000000000000000000000dead' })).toEqual({ kind: 'burnAddress' });
    // Trimmed as the server trims it.
    expect(check({ ...ready, address: ` ${TRON} ` })).toBeNull();
    // Shown at the address field, not again under the amount.
    expect(visibleProblem({ ...ready, address: ETH }, check({ ...ready, address: ETH }))).toBeNull();
  });

  it('then a number above 0', () => {
    for (const amount of ['0', '0.000', '.', '1.2.3', 'abc']) expect(check({ ...ready, amount }), amount).toEqual({ kind: 'invalidAmount' });
  });

  it("then no more decimals than the token has on the network, worded as the contract words it", () => {
    expect(check({ ...ready, networkId: 1, address: ETH, amount: '5.1234567' })).toEqual({ kind: 'tooManyDecimals', symbol: 'USDT', network: 'ERC20', decimals: 6 });
    // Before the fee rule: the amount could not be sent at all.
    expect(check({ ...ready, networkId: 1, address: ETH, amount: '0.0000001' })).toEqual({ kind: 'tooManyDecimals', symbol: 'USDT', network: 'ERC20', decimals: 6 });
    expect(check({ ...ready, networkId: 1, address: ETH, amount: '5.123456000' })).toBeNull();
    // An internal withdrawal never touches a chain: the network's decimals do not apply.
    expect(check({ ...ready, tab: 'internal', recipient: 'bob@example.com', amount: '5.1234567' })).toBeNull();
    expect([decimalPlaces('1.50'), decimalPlaces('7'), decimalPlaces('0.0000001'), decimalPlaces('x')]).toEqual([1, 0, 7, null]);
    expect([exceedsDecimals('1.5', 0), exceedsDecimals('2.0', 0), exceedsDecimals('1.123456', 6)]).toEqual([true, false, false]);
    expect(i18n._(tooManyDecimalsText('USDT', 'ERC20', 6))).toBe(amountLimitMessages.tooManyDecimals('USDT', 'ERC20', 6));
    expect(i18n._(tooManyDecimalsText('XYZ', 'NET', 0))).toBe(amountLimitMessages.tooManyDecimals('XYZ', 'NET', 0));
  });

  it('then above the network fee, the fee written as the server writes it', () => {
    expect(check({ ...ready, amount: '1' })).toEqual({ kind: 'belowFee', fee: '1', symbol: 'USDT' });
    expect(check({ ...ready, amount: '0.5' })).toEqual({ kind: 'belowFee', fee: '1', symbol: 'USDT' });
    expect(check({ ...ready, networkId: 1, address: ETH, amount: '3' })).toEqual({ kind: 'belowFee', fee: '3', symbol: 'USDT' });
    expect(withdrawMessages.belowFee('3', 'USDT')).toBe('Withdrawal amount must be greater than the network fee (3 USDT).');
    expect(check({ ...ready, amount: '1.00000001' })).toBeNull();
    // At or below the fee and over the balance too: the fee rule comes first.
    expect(check({ ...ready, amount: '1' }, { ...usdt, funding_balance: '0.5' })).toEqual({ kind: 'belowFee', fee: '1', symbol: 'USDT' });
  });

  it('then within the chosen account balance, exactly', () => {
    expect(check({ ...ready, amount: '25' })).toBeNull();
    expect(check({ ...ready, amount: '25.000000000000000001' })).toEqual({ kind: 'insufficient' });
    expect(check({ ...ready, source: 'spot', amount: '4.123456789' })).toBeNull();
    expect(check({ ...ready, source: 'spot', amount: '4.12345679' })).toEqual({ kind: 'insufficient' });
    // 0.1 + 0.2 style float noise must not refuse an exact balance.
    expect(check({ ...ready, amount: '1.3' }, { ...usdt, funding_balance: '1.3' })).toBeNull();
  });

  it('charges no fee on an internal withdrawal', () => {
    const internal = { ...ready, tab: 'internal' as const, networkId: null, address: '', recipient: 'bob@example.com', amount: '0.5' };
    expect(check(internal)).toBeNull();
  });

  it('shows nothing until an amount is typed, then the first broken rule', () => {
    const problem = check({ ...ready, amount: '' });
    expect(visibleProblem({ ...ready, amount: '' }, problem)).toBeNull();
    expect(visibleProblem({ ...ready, address: '' }, check({ ...ready, address: '' }))).toEqual({ kind: 'completeFields' });
  });
});

describe('withdrawal amounts', () => {
  it('receives amount minus fee, and 0 when the amount is not above the fee', () => {
    expect(amountReceived('25', '1')).toBe('24');
    expect(amountReceived('1', '1')).toBe('0');
    expect(amountReceived('0.5', '1')).toBe('0');
    expect(amountReceived('', '1')).toBe('0');
    expect(amountReceived('0.3', '0.1')).toBe('0.2');
    expect(amountReceived('10', null)).toBe('10');
    expect(amountReceived('10', '0')).toBe('10');
  });

  it('reads typed amounts as plain decimals', () => {
    expect(parseAmount('1.')).toBe('1');
    expect(parseAmount('.5')).toBe('0.5');
    expect(parseAmount(' 2.50 ')).toBe('2.5');
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
  });

  it('fills Max with the balance cut to 8 decimals, or to the network\'s fewer; nothing to withdraw disables it', () => {
    expect(maxAmount('4.123456789')).toBe('4.12345678');
    expect(maxAmount('4.123456789', 6)).toBe('4.123456');
    expect(maxAmount('4.9', 0)).toBe('4');
    expect(maxAmount('4.123456789', 18)).toBe('4.12345678');
    expect(maxAmount('25.000000000000000000')).toBe('25');
    expect(maxAmount('0')).toBeNull();
    expect(maxAmount('0.000000001')).toBeNull();
    expect(maxAmount(null)).toBeNull();
  });

  it("takes the fee from the network, none internally, and the balance from the chosen account", () => {
    expect(withdrawFee('onchain', erc20)).toBe('3');
    expect(withdrawFee('onchain', null)).toBeNull();
    expect(withdrawFee('internal', erc20)).toBe('0');
    expect(availableBalance(usdt, 'funding')).toBe('25');
    expect(availableBalance(usdt, 'spot')).toBe('4.123456789');
    expect(availableBalance(null, 'spot')).toBeNull();
  });

  it('compares and subtracts decimals exactly', () => {
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('0.30000000000000000001', '0.3')).toBe(1);
    expect(compareDecimals('x', '1')).toBeNull();
    expect(subtractDecimals('1', '0.9')).toBe('0.1');
    expect(subtractDecimals('1', '1.5')).toBe('-0.5');
    expect(plainDecimal('3.000')).toBe('3');
    expect(plainDecimal('0.00')).toBe('0');
    expect(plainDecimal('1e-7')).toBe('0.0000001');
  });
});

describe('withdrawal statuses and history', () => {
  it('labels each status with its tone, final ones and cancellable ones', () => {
    expect(withdrawalStatusTone('completed')).toBe('up');
    expect(withdrawalStatusTone('review')).toBe('pending');
    expect(withdrawalStatusTone('cancelled')).toBe('down');
    expect(withdrawalStatusTone('unconfirmed')).toBe('pending');
    expect(withdrawalStatusTone('expired')).toBe('down');
    expect((['completed', 'failed', 'rejected', 'cancelled', 'expired'] as const).every(isFinalWithdrawal)).toBe(true);
    expect((['unconfirmed', 'prepared', 'review', 'processing'] as const).some(isFinalWithdrawal)).toBe(false);
    expect((['unconfirmed', 'prepared', 'review'] as const).every(isCancellable)).toBe(true);
    expect((['processing', 'completed', 'failed', 'expired'] as const).some(isCancellable)).toBe(false);
  });

  it('shows confirmations only for an on-chain withdrawal on the chain', () => {
    expect(showsConfirmations(record({ status: 'processing' }))).toBe(true);
    expect(showsConfirmations(record({ status: 'prepared' }))).toBe(false);
    expect(showsConfirmations(record({ status: 'completed', kind: 'internal', confirmations_needed: 0 }))).toBe(false);
  });

  it('polls while a withdrawal is still moving', () => {
    expect(hasMovingWithdrawal(null)).toBe(false);
    expect(hasMovingWithdrawal([record({ status: 'completed' })])).toBe(false);
    expect(hasMovingWithdrawal([record({ status: 'completed' }), record({ id: 'w2', status: 'review' })])).toBe(true);
  });

  it('puts pushed withdrawals the fetch has not seen first, and never moves a row back', () => {
    const fetched = [record({ id: 'w1', status: 'processing', confirmations: 5 })];
    let pushed = rememberRows([], [record({ id: 'w2', status: 'prepared' })]);
    pushed = rememberRows(pushed, [record({ id: 'w1', status: 'processing', confirmations: 7 })]);
    expect(withPushedRows(fetched, pushed)?.map((r) => [r.id, r.confirmations])).toEqual([
      ['w2', 0],
      ['w1', 7],
    ]);
    // A fetch answered after a later push keeps the pushed state...
    expect(withPushedRows([record({ id: 'w1', status: 'processing', confirmations: 6 })], pushed)?.[1]?.confirmations).toBe(7);
    // ...and a fetch newer than the push wins.
    const done = withPushedRows([record({ id: 'w1', status: 'completed', confirmations: 19 })], pushed);
    expect(done?.[1]?.status).toBe('completed');
    // A late push of an older state does not undo a final one.
    const final = rememberRows([record({ id: 'w1', status: 'completed', confirmations: 19 })], [record({ id: 'w1', status: 'processing', confirmations: 18 })]);
    expect(final[0]?.status).toBe('completed');
    // A confirmed withdrawal's hold overtakes the unconfirmed row the submit answered.
    expect(rememberRows([record({ id: 'w3', status: 'prepared' })], [record({ id: 'w3', status: 'unconfirmed' })])[0]?.status).toBe('prepared');
    expect(withPushedRows(null, pushed)).toBeNull();
  });
});

describe('address book', () => {
  it('previews the first 15 characters of an address', () => {
    expect(addressPreview(TRON)).toBe('TUEZSdKsoDHQMeZ…');
    expect(addressPreview(TRON).replace('…', '')).toHaveLength(15);
    expect(addressPreview('short')).toBe('short');
  });

  it("lists the entries on the coin's networks, and knows a saved address", () => {
    const book = [entry(), entry({ id: 'a2', network_id: 4, network: 'BTC', address: 'bc1q' })];
    expect(entriesForCoin(book, usdt).map((e) => e.id)).toEqual(['a1']);
    expect(entriesForCoin(book, null)).toEqual([]);
    expect(isSavedAddress(book, 2, ` ${TRON} `)).toBe(true);
    expect(isSavedAddress(book, 1, TRON)).toBe(false);
  });

  it('asks for a label, then network and address, then the 6-digit code', () => {
    const input = { kind: 'onchain' as const, label: 'Cold', networkId: 2, address: TRON, recipient: '', code: '123456' };
    expect(newAddressProblem(input)).toBeNull();
    expect(newAddressProblem({ ...input, label: ' ', code: '' })).toBe('label');
    expect(newAddressProblem({ ...input, address: '' })).toBe('fields');
    expect(newAddressProblem({ ...input, networkId: null })).toBe('fields');
    expect(newAddressProblem({ ...input, code: '12345' })).toBe('code');
  });

  it('asks an internal recipient for a label, then the recipient, then the code; no network or address', () => {
    const input = { kind: 'internal' as const, label: 'Bob', networkId: null, address: '', recipient: 'bob@example.com', code: '123456' };
    expect(newAddressProblem(input)).toBeNull();
    expect(newAddressProblem({ ...input, label: '' })).toBe('label');
    expect(newAddressProblem({ ...input, recipient: ' ' })).toBe('recipient');
    expect(newAddressProblem({ ...input, code: '' })).toBe('code');
  });

  it('keeps saved recipients apart from addresses, and picks them on the internal tab only', () => {
    const bob = entry({ id: 'r1', kind: 'internal', network_id: null, network: 'Internal', address: 'Bob@Example.com' });
    const book = [entry(), bob];
    expect(entriesForCoin(book, usdt).map((e) => e.id)).toEqual(['a1']);
    expect(savedRecipients(book).map((e) => e.id)).toEqual(['r1']);
    expect(isSavedRecipient(book, ' bob@example.com ')).toBe(true);
    expect(isSavedRecipient(book, TRON)).toBe(false);
    const internal = chooseTab(chooseCrypto(emptyDraft, 'USDT'), 'internal');
    expect(chooseSavedRecipient(internal, bob).recipient).toBe('Bob@Example.com');
    expect(chooseSavedRecipient(internal, entry())).toBe(internal);
    expect(chooseSavedRecipient(chooseCrypto(emptyDraft, 'USDT'), bob).recipient).toBe('');
    expect(chooseSavedAddress(chooseCrypto(emptyDraft, 'USDT'), bob).address).toBe('');
  });
});

describe('limits', () => {
  const limits = (overrides: Partial<WithdrawLimitsResponse> = {}): WithdrawLimitsResponse => ({
    verified: true,
    locked_until: null,
    daily_limit_usdt: '10000',
    used_today_usdt: '0',
    remaining_usdt: '10000',
    review_threshold_usdt: '5000',
    whitelist_only: false,
    ...overrides,
  });
  const now = Date.parse('2026-01-05T10:00:00.000Z');

  it('blocks an unverified user and a locked account until the lock passes; unknown limits block nothing', () => {
    expect(withdrawalsBlocked(limits(), now)).toBe(false);
    expect(withdrawalsBlocked(limits({ verified: false }), now)).toBe(true);
    expect(withdrawalsBlocked(limits({ locked_until: '2026-01-06T10:00:00.000Z' }), now)).toBe(true);
    expect(withdrawalsBlocked(limits({ locked_until: '2026-01-04T10:00:00.000Z' }), now)).toBe(false);
    expect(withdrawalsBlocked(null, now)).toBe(false);
    expect(isLocked(null, now)).toBe(false);
  });
});
