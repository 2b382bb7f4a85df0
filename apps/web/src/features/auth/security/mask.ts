/** "ada.lovelace@example.com" as "ad***@example.com": enough to recognise, not to copy from a shared screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length))}***${email.slice(at)}`;
}

/** "k7m2p-x9q4r" lines for a downloaded or copied list of recovery codes. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}
