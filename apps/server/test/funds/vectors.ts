/**
 * Published addresses of the BIP-39 test mnemonic "abandon … about" (TEST_MNEMONIC), as wallets
 * derive them: BIP-84's own test vectors for Bitcoin, MetaMask/BIP-44 for EVM, TronLink for TRON,
 * Trezor and Ledger for Litecoin and Dogecoin, solana-keygen/Phantom for Solana (m/44'/501'/i'/0'),
 * xrpl.js for XRP, the Cosmos SDK keyring for Cosmos and SEP-0005 (test 5) for Stellar.
 * Keyed by the derivation index of the receiving chain (…/0/i; Solana's account i').
 */
export const publishedAddresses: Record<string, readonly string[]> = {
  ERC20: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'],
  TRC20: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'],
  BTC: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
  LTC: ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'ltc1qwlezpr3890hcp6vva9twqh27mr6edadreqvhnn'],
  DOGE: ['DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC'],
  SOL: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb'],
};

/** The memo networks' single accounts: index 0 of each chain's standard path. */
export const publishedMemoAccounts = {
  XRP: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
  ATOM: 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
  XLM: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
} as const;

/** Valid addresses from the libraries' and standards' own test data, for the validators. */
export const foreignValidAddresses: Record<string, readonly string[]> = {
  // EIP-55's specification examples.
  ERC20: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
  // BIP-173 (P2WPKH), BIP-350 (Taproot, bech32m), and the classic P2PKH and P2SH examples.
  BTC: [
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  // The USDT contract on TRON.
  TRC20: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  // The SPL token program and the system program.
  SOL: ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', '11111111111111111111111111111111'],
};
