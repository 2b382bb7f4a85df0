import { clusterAnswers, clusterErrorCodes, fillMessage, type CodedMessage, type MessageCode, type MessageParams } from '@exchange/contract';

/** An expected failure: its message and code go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
    /** The message's code and values (contract's message-codes.ts), sent beside the English text for the web to translate. */
    readonly coded?: CodedMessage,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal whose text has values: the English `message` filled from the contract's template, with its code and values. */
export function codedError<C extends MessageCode>(
  statusCode: number,
  code: string,
  messageCode: C,
  params: MessageParams<C>,
  retryAfterSeconds?: number,
): AppError {
  return new AppError(statusCode, fillMessage(messageCode, params), code, retryAfterSeconds, { code: messageCode, params } as CodedMessage);
}

/** The venues moved to another server process: nothing of the request was written, and sending it again is safe. */
export class VenueMoved extends AppError {
  constructor() {
    super(503, clusterAnswers.venueMoved, clusterErrorCodes.venueMoved, 2);
    this.name = 'VenueMoved';
  }
}
