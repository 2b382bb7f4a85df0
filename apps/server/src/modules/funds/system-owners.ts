/** Money enters from the chains through this owner: its balance is minus what it issued. */
export const DEPOSITS_OWNER = 'system:deposits';
/** Money sent to the chains: its balance is what has left the exchange. */
export const WITHDRAWALS_OWNER = 'system:withdrawals';
