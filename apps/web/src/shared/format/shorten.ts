/** A long address or hash as its first and last characters: "TXYZab…9f3c21". */
export function shorten(text: string, head = 6, tail = 6): string {
  if (text.length <= head + tail + 1) return text;
  return `${text.slice(0, head)}…${text.slice(-tail)}`;
}
