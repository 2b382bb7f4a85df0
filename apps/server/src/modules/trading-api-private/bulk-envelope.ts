/**
 * OKX's envelope of a call that acts on several orders: code "0" when every one went through, "1"
 * when none did (each refusal in its sCode, HTTP 200), "2" when some did.
 */
export function bulkEnvelope<T extends { sCode: string }>(acks: T[]): { code: string; msg: string; data: T[] } {
  const failed = acks.filter((a) => a.sCode !== '0').length;
  if (failed === 0) return { code: '0', msg: '', data: acks };
  if (failed === acks.length) return { code: '1', msg: acks.length === 1 ? 'Operation failed.' : 'All operations failed', data: acks };
  return { code: '2', msg: 'Bulk operation partially succeeded.', data: acks };
}
