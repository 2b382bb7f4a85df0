import { clusterAnswers, clusterErrorCodes } from '@exchange/contract';

/** An expected failure: its message and code go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The venues moved to another server process: nothing of the request was written, and sending it again is safe. */
export class VenueMoved extends AppError {
  constructor() {
    super(503, clusterAnswers.venueMoved, clusterErrorCodes.venueMoved, 2);
    this.name = 'VenueMoved';
  }
}
