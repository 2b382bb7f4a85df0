/**
 * Routes of the spec 1 route table (plus spec 3's extra account paths) whose pages
 * arrive in later issues. Until then each shows the shared coming-soon screen; a later
 * issue moves its path out of this list and gives it its own lazy page in routes.tsx.
 */
export const comingSoonPaths = [
  '/coming-soon',
] as const;
