import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReservesAddresses } from '@exchange/contract';
import { reserveMessage, signReserveMessage } from '@exchange/contract/reserves';
import { ReserveAddresses } from '../src/features/reserves/ReserveAddresses';

/** The private key 1 and its well-known EVM address. */
const KEY = new Uint8Array(32);
KEY[31] = 1;
const ADDRESS = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf';
const OTHER = '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF';
const XRP = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';

function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

const answer = (): ReservesAddresses => {
  const message = reserveMessage('snap-1', ADDRESS);
  // OTHER's entry carries key 1's signature of OTHER's message: well formed, but not OTHER's own.
  const otherMessage = reserveMessage('snap-1', OTHER);
  return {
    label: 'snap-1',
    networks: [
      {
        network_id: 1,
        network: 'ERC20',
        scheme: 'evm',
        addresses: [
          { address: ADDRESS, message, signature: signReserveMessage('evm', KEY, message) },
          { address: OTHER, message: otherMessage, signature: signReserveMessage('evm', KEY, otherMessage) },
        ],
        balances: [{ asset: 'USDT', amount: '100' }],
      },
      { network_id: 11, network: 'XRP', scheme: null, addresses: [{ address: XRP, message: null, signature: null }], balances: [{ asset: 'XRP', amount: '20' }] },
    ],
  };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reserve addresses', () => {
  it('checks each signature in the browser: verified, not valid, not signed', async () => {
    serve(200, answer());
    render(<ReserveAddresses />);
    const erc20 = await screen.findByRole('list', { name: 'Addresses on ERC20' });
    const [own, other] = within(erc20).getAllByRole('listitem');
    expect(within(own!).getByTestId('por-sig').dataset.check).toBe('verified');
    expect(within(own!).getByText(/Signature verified/)).toBeTruthy();
    expect(within(other!).getByTestId('por-sig').dataset.check).toBe('invalid');
    const xrp = screen.getByRole('list', { name: 'Addresses on XRP' });
    expect(within(xrp).getByTestId('por-sig').dataset.check).toBe('unsigned');
    expect(within(xrp).queryByText('Message and signature')).toBeNull();
  });

  it('refuses a signature whose message names another snapshot than the published one', async () => {
    const body = answer();
    body.label = 'snap-2';
    serve(200, body);
    render(<ReserveAddresses />);
    const erc20 = await screen.findByRole('list', { name: 'Addresses on ERC20' });
    expect(within(erc20).getAllByTestId('por-sig').map((b) => b.dataset.check)).toEqual(['invalid', 'invalid']);
  });

  it('says so when no address holds coins', async () => {
    serve(200, { label: '2026-11-29', networks: [] });
    render(<ReserveAddresses />);
    expect(await screen.findByText('No reserve address holds coins yet.')).toBeTruthy();
  });

  it('says so when the call fails', async () => {
    serve(500, { message: 'down' });
    render(<ReserveAddresses />);
    expect(await screen.findByText('The reserve addresses could not be loaded.')).toBeTruthy();
  });
});
