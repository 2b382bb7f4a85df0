import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { marketListingMessages, operatorFeeMessages } from '@exchange/contract';
import AdminPage from '../src/features/admin/AdminPage';
import { renderAt, resetPageTest, signInTestUser, stubFetch, type FakeAnswer } from './auth-test-utils';

afterEach(resetPageTest);

const adminRights = ['console.open', 'markets.read', 'markets.manage'];
const me = (rights: string[]) => ({ status: 200, body: { user_id: 'op-1', email: 'op@example.com', roles: ['admin'], rights } });
const summary = { status: 200, body: { users: 3, signups_today: 1, pending_kyc: 0, pending_withdrawals: 0 } };
const markets = { status: 200, body: { items: [{ inst_id: 'BTC-USDT', kind: 'spot', symbol: 'BTC', halted: false, halted_at: null, halted_by: null, halt_reason: null }] } };
const arb = { inst_id: 'ARB-USDT', kind: 'spot', symbol: 'ARB', name: 'Arbitrum', price: '0.42', tick_size: '0.0001', lot_size: '0.1', max_leverage: null };
const listedArb = {
  inst_id: 'ARB-USDT',
  kind: 'spot',
  symbol: 'ARB',
  tick_size: '0.0001',
  lot_size: '0.1',
  min_size: '1',
  max_size: '100000',
  max_leverage: null,
  listed_at: '2026-11-30T05:00:00.000Z',
  listed_by: 'op@example.com',
};
const fees = {
  status: 200,
  body: {
    items: [
      { tier: 'level_1', maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005', updated_at: null, updated_by: null },
      {
        tier: 'premium',
        maker_rate: '0.0008',
        taker_rate: '0.00125',
        futures_maker_rate: '0.0001',
        futures_taker_rate: '0.0004',
        updated_at: '2026-11-30T04:00:00.000Z',
        updated_by: 'chief@example.com',
      },
    ],
  },
};

/** Answers in turn, the last one again: a GET, the POST, the GET after it. */
function inTurn(...answers: FakeAnswer[]): () => FakeAnswer {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!;
}

function sent(mock: ReturnType<typeof stubFetch>, path: string, method: string): unknown {
  const call = mock.mock.calls.find(([url, init]) => String(url).includes(path) && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

async function openMarkets() {
  renderAt('/admin', '/admin', <AdminPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Markets and fees' }));
}

describe('the console’s markets and fees', () => {
  it('lists a spot pair from the catalogue with its prefilled sizes, then shows it among the listed markets', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me(adminRights),
      '/api/admin/summary': summary,
      '/api/admin/markets/listings': inTurn(
        { status: 200, body: { listable: [arb], listed: [] } },
        { status: 200, body: { success: true, message: 'ARB-USDT listed', listing: listedArb } },
        { status: 200, body: { listable: [], listed: [listedArb] } },
      ),
      '/api/admin/markets': markets,
      '/api/admin/fees': fees,
    });
    await openMarkets();
    const form = await screen.findByRole('form', { name: 'List a market' });
    expect(screen.getByText('No market has been listed from the console yet.')).toBeTruthy();
    expect((within(form).getByLabelText('Tick size (USDT)') as HTMLInputElement).value).toBe('0.0001');
    expect((within(form).getByLabelText('Lot size (ARB)') as HTMLInputElement).value).toBe('0.1');
    expect((within(form).getByLabelText('Minimum order size (ARB)') as HTMLInputElement).value).toBe('0.1');
    expect((within(form).getByLabelText('Maximum order size (ARB)') as HTMLInputElement).value).toBe('100000');
    await userEvent.clear(within(form).getByLabelText('Minimum order size (ARB)'));
    await userEvent.type(within(form).getByLabelText('Minimum order size (ARB)'), '1');
    await userEvent.type(within(form).getByLabelText('Reason'), 'listing committee');
    await userEvent.click(within(form).getByRole('button', { name: 'List ARB-USDT' }));
    expect(await screen.findByText('ARB-USDT is listed and can be traded now.')).toBeTruthy();
    expect(sent(fetchMock, '/api/admin/markets/listings', 'POST')).toEqual({
      kind: 'spot',
      symbol: 'ARB',
      tick_size: '0.0001',
      lot_size: '0.1',
      min_size: '1',
      max_size: '100000',
      reason: 'listing committee',
    });
    const row = await screen.findByRole('row', { name: /ARB-USDT/ });
    expect(row.textContent).toContain('op@example.com');
    expect(screen.getByText('Every coin of the catalogue is listed, spot and perpetual.')).toBeTruthy();
  });

  it('shows the server’s refusal under the field it is about', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(adminRights),
      '/api/admin/summary': summary,
      '/api/admin/markets/listings': inTurn(
        { status: 200, body: { listable: [arb], listed: [] } },
        { status: 400, body: { message: marketListingMessages.tickAbovePrice, code: 'VALIDATION' } },
      ),
      '/api/admin/markets': markets,
      '/api/admin/fees': fees,
    });
    await openMarkets();
    const form = await screen.findByRole('form', { name: 'List a market' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'listing committee');
    await userEvent.click(within(form).getByRole('button', { name: 'List ARB-USDT' }));
    const tick = within(form).getByLabelText('Tick size (USDT)');
    expect(await within(form).findByText(marketListingMessages.tickAbovePrice)).toBeTruthy();
    expect(tick.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tick.getAttribute('aria-describedby') ?? '')?.textContent).toBe(marketListingMessages.tickAbovePrice);
  });

  it('shows each tier’s spot and futures rates as percentages and changes a tier’s taker fees with the authenticator code', async () => {
    signInTestUser();
    const fetchMock = stubFetch({
      '/api/admin/me': me(adminRights),
      '/api/admin/summary': summary,
      '/api/admin/markets/listings': { status: 200, body: { listable: [], listed: [] } },
      '/api/admin/markets': markets,
      '/api/admin/fees/level_1': inTurn(
        { status: 409, body: { message: operatorFeeMessages.unchanged, code: 'FEE_STATE' } },
        {
          status: 200,
          body: {
            success: true,
            message: 'level_1 fees changed',
            fee: {
              tier: 'level_1',
              maker_rate: '0.001',
              taker_rate: '0.0025',
              futures_maker_rate: '0.0005',
              futures_taker_rate: '0.0007',
              updated_at: '2026-11-30T05:00:00.000Z',
              updated_by: 'op@example.com',
            },
          },
        },
      ),
      '/api/admin/fees': fees,
    });
    await openMarkets();
    const premium = await screen.findByRole('row', { name: /Premium Tier/ });
    expect(premium.textContent).toContain('0.08 %');
    expect(premium.textContent).toContain('0.125 %');
    expect(premium.textContent).toContain('0.01 %');
    expect(premium.textContent).toContain('0.04 %');
    await userEvent.click(screen.getByRole('button', { name: 'Change the fees of Level 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the fees of Level 1' });
    expect((within(dialog).getByLabelText('Spot taker fee (%)') as HTMLInputElement).value).toBe('0.1');
    expect((within(dialog).getByLabelText('Futures taker fee (%)') as HTMLInputElement).value).toBe('0.05');
    await userEvent.clear(within(dialog).getByLabelText('Futures taker fee (%)'));
    await userEvent.type(within(dialog).getByLabelText('Futures taker fee (%)'), '0.07');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'pricing review');
    await userEvent.type(within(dialog).getByLabelText('Your authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save fees' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(operatorFeeMessages.unchanged);
    await userEvent.clear(within(dialog).getByLabelText('Spot taker fee (%)'));
    await userEvent.type(within(dialog).getByLabelText('Spot taker fee (%)'), '0.25');
    await userEvent.type(within(dialog).getByLabelText('Your authenticator code'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save fees' }));
    expect(await screen.findByText('The fees of Level 1 are changed: spot maker 0.1 %, taker 0.25 %; futures maker 0.05 %, taker 0.07 %.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const bodies = fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/api/admin/fees/level_1') && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({ maker_rate: '0.001', taker_rate: '0.0025', futures_maker_rate: '0.0005', futures_taker_rate: '0.0007', reason: 'pricing review', totp_code: '654321' });
  });

  it('shows an operator who may only read the markets no listing form and no fee change', async () => {
    signInTestUser();
    stubFetch({
      '/api/admin/me': me(['console.open', 'markets.read']),
      '/api/admin/summary': summary,
      '/api/admin/markets/listings': { status: 200, body: { listable: [arb], listed: [listedArb] } },
      '/api/admin/markets': markets,
      '/api/admin/fees': fees,
    });
    await openMarkets();
    expect(await screen.findByRole('row', { name: /Premium Tier/ })).toBeTruthy();
    expect(await screen.findByRole('row', { name: /ARB-USDT/ })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'List a market' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the fees/ })).toBeNull();
  });
});
