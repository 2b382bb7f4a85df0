import { z } from 'zod';

/** Set by the launcher on its workers: they take their connections from it instead of listening. */
export const FRONT_ENV = 'EXCHANGE_LAUNCHER_FRONT';

/**
 * Launcher to worker, with the connection's socket: the bytes the launcher read to route it
 * (`head`, base64), which the worker's HTTP server must see first, and whether it opened with an
 * order call, whose end the worker reports.
 */
export const frontConnection = z.object({ type: z.literal('front:connection'), head: z.string(), orderEntry: z.boolean() });
export type FrontConnection = z.infer<typeof frontConnection>;

/**
 * Worker to launcher: it takes connections now (its app is built and listens for them), its role
 * changed, or an order connection the launcher handed it has closed.
 */
export const workerReport = z.discriminatedUnion('type', [
  z.object({ type: z.literal('front:ready') }),
  z.object({ type: z.literal('front:role'), owns: z.boolean() }),
  z.object({ type: z.literal('front:order-connection-closed') }),
]);
export type WorkerReport = z.infer<typeof workerReport>;
