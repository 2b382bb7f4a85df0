/**
 * How a network's addresses sign a message, the scheme its own wallets use (docs/reserves.md,
 * "Reserve addresses"): EIP-191 personal_sign on EVM networks, TRON's TIP-191 variant, the
 * Bitcoin-family "Signed Message" (BIP-137) and a plain ed25519 signature of the bytes on Solana.
 * Its own file so the API schemas name them without loading the curves.
 */
export const RESERVE_SIGNATURE_SCHEMES = ['evm', 'tron', 'bitcoin', 'litecoin', 'dogecoin', 'solana'] as const;
export type ReserveSignatureScheme = (typeof RESERVE_SIGNATURE_SCHEMES)[number];
