import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { idempotencyRoutes } from './routes.js';

/** Reading the stored outcome of a call by its Idempotency-Key. */
export const idempotencyProduct: Product<Services> = {
  name: 'idempotency',
  api: async (v1, s) => {
    await v1.register(idempotencyRoutes, { idempotency: s.core.idempotency });
  },
};
