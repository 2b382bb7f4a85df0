import type { ReactNode } from 'react';
import { useIsOperator } from '../../../features/admin/operatorRoles';

/**
 * Shows its children to operators only. Its own chunk, loaded when the account menu opens, and
 * given what it shows rather than importing it, so the header's modules stay in the first load's chunk.
 */
export default function OperatorOnly({ userId, children }: { userId: string; children: ReactNode }) {
  return useIsOperator(userId) ? children : null;
}
