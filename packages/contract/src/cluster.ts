/**
 * What a cluster of server processes answers when the process that owns the markets cannot carry
 * a call out, or a service the processes share is down (docs/deploy.md, "What the server answers").
 * Not named `…Messages`: the web shows them as they come, in English, outside its catalogues.
 */
export const clusterAnswers = {
  venueMoved: 'The market is moving to another server. Nothing was done: please send the request again in a few seconds.',
  venueUnreachable: 'The market\u2019s server cannot be reached right now. Nothing was done: please send the request again in a few seconds.',
  outcomeUnknown:
    'The market\u2019s server did not answer, so the request may or may not have been carried out. Look its Idempotency-Key up (GET /api/v1/idempotency-keys/{key}) once retry_after_seconds have passed, or check your orders.',
  limitsUnavailable: 'This service is briefly unavailable. Please try again in a few seconds.',
} as const;

/** The `code` of those answers: each says whether the call was carried out. */
export const clusterErrorCodes = {
  /** 503: nothing was done and nothing will be; the markets are changing hands. Send it again. */
  venueMoved: 'VENUE_MOVED',
  /** 503: nothing was done and nothing will be; this process cannot reach the markets' owner. Send it again. */
  venueUnreachable: 'VENUE_UNREACHABLE',
  /** 504: it may have been carried out; its outcome is final after retry_after_seconds (the Idempotency-Key read). */
  outcomeUnknown: 'OUTCOME_UNKNOWN',
  /** 503: the shared request limits cannot be counted; nothing was done. */
  limitsUnavailable: 'LIMITS_UNAVAILABLE',
} as const;
