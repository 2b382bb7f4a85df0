/** A simulated deposit's amount: a plain positive decimal, as the contract's amount field accepts. */
export function isValidSimulatedAmount(text: string): boolean {
  const value = text.trim();
  return /^\d+(\.\d+)?$/.test(value) && Number(value) > 0;
}
