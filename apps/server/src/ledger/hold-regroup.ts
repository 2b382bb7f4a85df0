/**
 * Statements for a migration that regroups live holds (issue 41: the margins held for each of a
 * futures side's orders become one hold of the side's position). `newHolds` is a SELECT of
 * (id, owner, asset, wallet, amount, reason, ref): the holds to make, on accounts that exist;
 * `takenFrom` a SELECT of (hold_id, amount): what each old hold gives up, the same sum on the same
 * accounts, so no balance moves. The SQL that writes `holds` stays in the ledger, the only writer of
 * them (test/ledger/ownership.test.ts).
 */
export function regroupHoldsStatements(newHolds: string, takenFrom: string): string[] {
  return [
    `INSERT INTO holds (id, account_id, amount, reason, ref, status, created_at, updated_at)
      SELECT n.id, a.id, n.amount, n.reason, n.ref, CASE WHEN n.amount > 0 THEN 'live' ELSE 'consumed' END, now(), now()
      FROM (${newHolds}) n
      JOIN ledger_accounts a ON a.owner = n.owner AND a.asset = n.asset AND a.wallet = n.wallet`,
    `UPDATE holds h SET amount = h.amount - t.amount, status = CASE WHEN h.amount = t.amount THEN 'consumed' ELSE h.status END,
        updated_at = now()
      FROM (${takenFrom}) t WHERE t.hold_id = h.id`,
  ];
}
