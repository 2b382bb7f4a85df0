import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { sessionsMigration } from './migration.js';

export { createSessions, sessionClient, type SessionClient, type Sessions } from './sessions.js';
export { hasSessionFrom, liveSessionCount, revokeSessionsOf } from './queries.js';
export { createTokenService } from './tokens.js';
export { endedBy, inProcessSessionEvents, type SessionEvent, type SessionEvents } from './events.js';

/** Sign-in sessions: their tokens, their state cached per process, and their ends told to every process. */
export const sessionsProduct: Product<Services> = {
  name: 'sessions',
  migrations: [sessionsMigration],
};
