import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads or changes the venues: on a cluster it runs on the process that owns them. */
    venueOwner?: boolean;
  }
}

/** Marks every route registered in this scope as one the venues' owner answers. */
export function markVenueOwnerRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...(route.config ?? {}), venueOwner: true };
  });
}
