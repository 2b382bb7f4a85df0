/**
 * Answers only several server processes give. Kept on the server, out of the contract's messages
 * that the web extracts into its catalogues: the web shows them as they come, in English.
 */
export const clusterMessages = {
  /** The market's owner changed while the request was on its way, or none holds it for a moment. Nothing was written. */
  venueMoved: 'The market is moving to another server. Nothing was done: please send the request again in a few seconds.',
  /** The market's server took the request but did not answer in time: whether it was carried out is unknown. */
  venueNoAnswer:
    'The market\u2019s server did not answer in time, so the request may or may not have been carried out. Check your open orders, or send it again with the same Idempotency-Key.',
} as const;
