/**
 * How a network's addresses are written and checked: one validator each (`@exchange/contract/addresses`).
 * The list is here, apart from the validators, so the networks' answers can name a scheme without
 * pulling the checksum code into every page that reads them.
 */
export const addressSchemes = ['evm', 'tron', 'bitcoin', 'litecoin', 'dogecoin', 'solana', 'xrp', 'cosmos', 'stellar'] as const;
export type AddressScheme = (typeof addressSchemes)[number];
