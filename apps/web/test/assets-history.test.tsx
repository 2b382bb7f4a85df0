import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerHistoryRow } from '@exchange/contract';
import TransactionHistoryPage from '../src/features/assets/TransactionHistoryPage';
import { ledgerTableRows, pageOfTransactions } from '../src/features/assets/ledgerRows';
import { pageFromQuery } from '../src/features/assets/pagination';
import { renderAt, stubFetch, resetPageTest, signInTestUser } from './auth-test-utils';

afterEach(resetPageTest);

const leg = (id: string, kind: string, asset: string, wallet: LedgerHistoryRow['wallet'], amount: string, minute: number): LedgerHistoryRow => ({
  id,
  kind,
  asset,
  wallet,
  amount,
  created_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});

/** A spot fill: the coin received and the USDT paid, one journal transaction. */
const fill = (n: number) => [leg(`f${n}`, 'spot_fill', 'BTC', 'spot', '0.000999', n), leg(`f${n}`, 'spot_fill', 'USDT', 'spot', `-${100 + n}`, n)];

describe('transaction history page', () => {
  beforeEach(signInTestUser);

  it('lists the ledger rows ten transactions a page, older pages by Next', async () => {
    const user = userEvent.setup();
    const newest = Array.from({ length: 11 }, (_, i) => fill(60 - i)).flat();
    const older = [
      leg('x1', 'transfer', 'USDT', 'futures', '2500', 2),
      leg('x1', 'transfer', 'USDT', 'spot', '-2500', 2),
      leg('g1', 'demo_grant', 'USDT', 'spot', '10000', 1),
    ];
    const fetchMock = stubFetch({
      'limit=11&offset=0&': { status: 200, body: newest },
      'limit=11&offset=10&': { status: 200, body: [...fill(50), ...older] },
    });
    renderAt('/assets/history', '/assets/history', <TransactionHistoryPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[0]?.textContent).toContain('Spot trade');
    expect(rows[0]?.textContent).toContain('+0.00099900');
    expect(rows[1]?.textContent).toContain('-160.00000000');
    expect(screen.queryByText('-150.00000000')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/v1\/ledger-history\/42\?limit=11&offset=0&apikey=/);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Demo grant')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByText('-150.00000000')).toBeTruthy();
    expect(screen.getByText('Spot → Futures')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('shows the empty state', async () => {
    stubFetch({ '/ledger-history/42': { status: 200, body: [] } });
    renderAt('/assets/history', '/assets/history', <TransactionHistoryPage />);
    expect(await screen.findByText('No records found')).toBeTruthy();
  });
});

describe('transaction history page, signed out', () => {
  it('asks for a login', () => {
    const fetchMock = stubFetch({});
    renderAt('/assets/history', '/assets/history', <TransactionHistoryPage />);
    expect(screen.getByText('Log in to view your transactions')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('pageOfTransactions', () => {
  it('keeps the legs of the first transactions and tells whether one more came back', () => {
    const rows = [...fill(3), ...fill(2), leg('g1', 'demo_grant', 'USDT', 'spot', '10000', 1)];
    expect(pageOfTransactions(rows, 2)).toEqual({ rows: [...fill(3), ...fill(2)], hasNext: true });
    expect(pageOfTransactions(rows, 3)).toEqual({ rows, hasNext: false });
    expect(pageOfTransactions([], 10)).toEqual({ rows: [], hasNext: false });
  });

  it('gives every row without a count', () => {
    expect(ledgerTableRows(Array.from({ length: 5 }, (_, i) => fill(i)).flat())).toHaveLength(10);
    expect(ledgerTableRows(Array.from({ length: 5 }, (_, i) => fill(i)).flat(), 6)).toHaveLength(6);
  });
});

describe('pageFromQuery', () => {
  it('reads a whole page number from 1 and falls back to 1', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery('0')).toBe(1);
    expect(pageFromQuery('-2')).toBe(1);
    expect(pageFromQuery('2.5')).toBe(1);
    expect(pageFromQuery('abc')).toBe(1);
  });
});
