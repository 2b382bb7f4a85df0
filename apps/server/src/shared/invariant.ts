/**
 * A broken invariant of the money code: a bug, never a refusal. Thrown inside a ledger job or
 * batch it fails the whole batch (its jobs answer 500, nothing of it commits, the venues it touched
 * are rebuilt from the database), so books that no longer add up are never written.
 */
export class InvariantBroken extends Error {
  constructor(message: string) {
    super(`invariant broken: ${message}`);
    this.name = 'InvariantBroken';
  }
}

/** Throws InvariantBroken unless `holds`; `explain` runs only then, so the hot path builds no message. */
export function invariant(holds: boolean, explain: () => string): asserts holds {
  if (!holds) throw new InvariantBroken(explain());
}
