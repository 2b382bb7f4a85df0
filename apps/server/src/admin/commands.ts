import type { AdminCommand } from './command.js';
import { depositsFailing } from './deposits-failing.js';
import { depositsSimulate } from './deposits-simulate.js';
import { kycApprove } from './kyc-approve.js';
import { kycReject } from './kyc-reject.js';
import { operatorsGrant, operatorsList, operatorsRevoke } from './operators.js';
import { reservesSnapshot } from './reserves-snapshot.js';
import { withdrawalsApprove, withdrawalsList, withdrawalsReject } from './withdrawals-review.js';

/** Every operator command. A new one is its own file and one line here. */
export const adminCommands: readonly AdminCommand[] = [
  kycApprove,
  kycReject,
  withdrawalsList,
  withdrawalsApprove,
  withdrawalsReject,
  depositsSimulate,
  depositsFailing,
  operatorsGrant,
  operatorsRevoke,
  operatorsList,
  reservesSnapshot,
];
