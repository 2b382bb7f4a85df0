/**
 * Starting state of the embedded market: one dated snapshot, kept in the repo so every fresh start
 * opens at the same, realistic prices. Figures are approximate market values of the snapshot date
 * (price in USDT, circulating supply in coins, 24 h quote volume in USDT summed over the big venues).
 * Money values are decimal strings; `annual_volatility` is a model parameter, not money.
 * Pair ids are stable: BTC is 1, new coins are appended with the next id, ids are never reused.
 */
export const coinSnapshot = {
  snapshot_date: '2025-05-15',
  quote: 'USDT',
  coins: [
    { pair_id: 1, symbol: 'BTC', name: 'Bitcoin', price: '103500.00', circulating_supply: '19870000', tick_size: '0.01', lot_size: '0.00001', annual_volatility: 0.5, quote_volume_24h: '35000000000', is_tradable: true },
    { pair_id: 2, symbol: 'ETH', name: 'Ethereum', price: '2600.00', circulating_supply: '120700000', tick_size: '0.01', lot_size: '0.0001', annual_volatility: 0.7, quote_volume_24h: '20000000000', is_tradable: true },
    { pair_id: 3, symbol: 'BNB', name: 'BNB', price: '650.00', circulating_supply: '140900000', tick_size: '0.01', lot_size: '0.001', annual_volatility: 0.5, quote_volume_24h: '1800000000', is_tradable: true },
    { pair_id: 4, symbol: 'ADA', name: 'Cardano', price: '0.7700', circulating_supply: '35300000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.85, quote_volume_24h: '900000000', is_tradable: true },
    { pair_id: 5, symbol: 'SOL', name: 'Solana', price: '170.00', circulating_supply: '519000000', tick_size: '0.01', lot_size: '0.001', annual_volatility: 0.85, quote_volume_24h: '4500000000', is_tradable: true },
    { pair_id: 6, symbol: 'XRP', name: 'XRP', price: '2.4500', circulating_supply: '58600000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.8, quote_volume_24h: '3500000000', is_tradable: true },
    { pair_id: 7, symbol: 'DOGE', name: 'Dogecoin', price: '0.22500', circulating_supply: '149200000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 1.0, quote_volume_24h: '2000000000', is_tradable: true },
    { pair_id: 8, symbol: 'DOT', name: 'Polkadot', price: '4.800', circulating_supply: '1580000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.85, quote_volume_24h: '300000000', is_tradable: true },
    { pair_id: 9, symbol: 'TRX', name: 'TRON', price: '0.27000', circulating_supply: '94900000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 0.55, quote_volume_24h: '700000000', is_tradable: true },
    { pair_id: 10, symbol: 'LTC', name: 'Litecoin', price: '99.00', circulating_supply: '75800000', tick_size: '0.01', lot_size: '0.001', annual_volatility: 0.75, quote_volume_24h: '500000000', is_tradable: true },
    { pair_id: 11, symbol: 'LINK', name: 'Chainlink', price: '16.000', circulating_supply: '657000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.85, quote_volume_24h: '600000000', is_tradable: true },
    { pair_id: 12, symbol: 'AVAX', name: 'Avalanche', price: '23.500', circulating_supply: '417000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.9, quote_volume_24h: '450000000', is_tradable: true },
    { pair_id: 13, symbol: 'POL', name: 'Polygon', price: '0.23500', circulating_supply: '10500000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 0.9, quote_volume_24h: '120000000', is_tradable: true },
    { pair_id: 14, symbol: 'BCH', name: 'Bitcoin Cash', price: '395.00', circulating_supply: '19870000', tick_size: '0.01', lot_size: '0.001', annual_volatility: 0.75, quote_volume_24h: '350000000', is_tradable: true },
    { pair_id: 15, symbol: 'XLM', name: 'Stellar', price: '0.29000', circulating_supply: '31000000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 0.8, quote_volume_24h: '250000000', is_tradable: true },
    { pair_id: 16, symbol: 'ATOM', name: 'Cosmos', price: '4.700', circulating_supply: '390000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.85, quote_volume_24h: '150000000', is_tradable: true },
    { pair_id: 17, symbol: 'UNI', name: 'Uniswap', price: '6.200', circulating_supply: '600500000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.95, quote_volume_24h: '300000000', is_tradable: true },
    { pair_id: 18, symbol: 'ETC', name: 'Ethereum Classic', price: '19.000', circulating_supply: '151000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.8, quote_volume_24h: '150000000', is_tradable: true },
    { pair_id: 19, symbol: 'FIL', name: 'Filecoin', price: '2.8500', circulating_supply: '660000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.95, quote_volume_24h: '180000000', is_tradable: true },
    { pair_id: 20, symbol: 'APT', name: 'Aptos', price: '5.400', circulating_supply: '640000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.95, quote_volume_24h: '200000000', is_tradable: true },
    { pair_id: 21, symbol: 'NEAR', name: 'NEAR Protocol', price: '2.950', circulating_supply: '1220000000', tick_size: '0.001', lot_size: '0.1', annual_volatility: 0.95, quote_volume_24h: '220000000', is_tradable: true },
    { pair_id: 22, symbol: 'ALGO', name: 'Algorand', price: '0.22000', circulating_supply: '8650000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 0.9, quote_volume_24h: '70000000', is_tradable: true },
    { pair_id: 23, symbol: 'VET', name: 'VeChain', price: '0.027000', circulating_supply: '85985000000', tick_size: '0.000001', lot_size: '10', annual_volatility: 0.9, quote_volume_24h: '60000000', is_tradable: true },
    { pair_id: 24, symbol: 'ICP', name: 'Internet Computer', price: '5.600', circulating_supply: '535000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.95, quote_volume_24h: '90000000', is_tradable: true },
    { pair_id: 25, symbol: 'AAVE', name: 'Aave', price: '240.00', circulating_supply: '15100000', tick_size: '0.01', lot_size: '0.001', annual_volatility: 0.95, quote_volume_24h: '400000000', is_tradable: true },
    { pair_id: 26, symbol: 'SAND', name: 'The Sandbox', price: '0.31000', circulating_supply: '2440000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 1.0, quote_volume_24h: '60000000', is_tradable: true },
    { pair_id: 27, symbol: 'MANA', name: 'Decentraland', price: '0.32000', circulating_supply: '1930000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 1.0, quote_volume_24h: '40000000', is_tradable: true },
    { pair_id: 28, symbol: 'AXS', name: 'Axie Infinity', price: '2.850', circulating_supply: '158000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 1.0, quote_volume_24h: '35000000', is_tradable: true },
    { pair_id: 29, symbol: 'EOS', name: 'EOS', price: '0.8000', circulating_supply: '1560000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.95, quote_volume_24h: '150000000', is_tradable: true },
    { pair_id: 30, symbol: 'XTZ', name: 'Tezos', price: '0.6800', circulating_supply: '1050000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.85, quote_volume_24h: '25000000', is_tradable: true },
    { pair_id: 31, symbol: 'THETA', name: 'Theta Network', price: '0.8500', circulating_supply: '1000000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.95, quote_volume_24h: '30000000', is_tradable: true },
    { pair_id: 32, symbol: 'HBAR', name: 'Hedera', price: '0.19500', circulating_supply: '42200000000', tick_size: '0.00001', lot_size: '1', annual_volatility: 0.95, quote_volume_24h: '250000000', is_tradable: true },
    { pair_id: 33, symbol: 'SHIB', name: 'Shiba Inu', price: '0.00001480', circulating_supply: '589250000000000', tick_size: '0.00000001', lot_size: '1', annual_volatility: 1.1, quote_volume_24h: '300000000', is_tradable: true },
    { pair_id: 34, symbol: 'TON', name: 'Toncoin', price: '3.200', circulating_supply: '2480000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.8, quote_volume_24h: '200000000', is_tradable: true },
    { pair_id: 35, symbol: 'SUI', name: 'Sui', price: '3.8000', circulating_supply: '3340000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 1.05, quote_volume_24h: '1200000000', is_tradable: true },
  ],
} as const;

/**
 * Coins the exchange knows but does not list at start: an administrator lists one from the console
 * (issue 43, venue/market-listings.ts) with its own tick and lot. The same terms as the snapshot's,
 * with the next pair ids; the snapshot's price is where the simulated walk starts.
 */
export const listingCandidates = [
  { pair_id: 36, symbol: 'ARB', name: 'Arbitrum', price: '0.4200', circulating_supply: '4900000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.9, quote_volume_24h: '400000000', is_tradable: true },
  { pair_id: 37, symbol: 'OP', name: 'Optimism', price: '0.7500', circulating_supply: '1650000000', tick_size: '0.0001', lot_size: '0.1', annual_volatility: 0.9, quote_volume_24h: '250000000', is_tradable: true },
  { pair_id: 38, symbol: 'INJ', name: 'Injective', price: '13.000', circulating_supply: '97000000', tick_size: '0.001', lot_size: '0.01', annual_volatility: 0.95, quote_volume_24h: '150000000', is_tradable: true },
];
