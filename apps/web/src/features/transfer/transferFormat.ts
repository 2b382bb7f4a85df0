/** Spec 3 §4: a missing status reads Completed, first letter capitalised. */
export function statusLabel(status: string): string {
  const text = status.trim() || 'completed';
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

export function statusTone(status: string): 'up' | 'pending' | 'down' {
  const s = status.trim().toLowerCase() || 'completed';
  if (s === 'completed' || s === 'success' || s === 'approved') return 'up';
  return s === 'pending' ? 'pending' : 'down';
}
