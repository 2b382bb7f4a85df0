/** "3/12": the confirmations so far out of those the network needs, never above them. */
export function confirmationsText(record: { confirmations: number; confirmations_needed: number }): string {
  return `${Math.min(record.confirmations, record.confirmations_needed)}/${record.confirmations_needed}`;
}

/** How a status reads at a glance: done, on its way, or stopped. */
export type StatusTone = 'up' | 'pending' | 'down';
