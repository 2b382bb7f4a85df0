/** A small rocket-and-orbit drawing; inline so the offline build needs no image files. */
export function ComingSoonArt({ size = 120 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 120 120" aria-hidden focusable="false">
      <circle cx="60" cy="60" r="52" fill="none" stroke="var(--border)" strokeWidth="2" strokeDasharray="4 8" />
      <circle cx="60" cy="60" r="36" fill="rgba(252, 213, 53, 0.08)" />
      <path d="M60 24c12 8 18 22 16 40l-8 8H52l-8-8c-2-18 4-32 16-40z" fill="var(--primary)" />
      <circle cx="60" cy="50" r="6" fill="var(--bg)" />
      <path d="M52 72l-10 10 4-16zM68 72l10 10-4-16z" fill="var(--primary-hover)" />
      <path d="M54 76h12l-6 16z" fill="#f6465d" opacity="0.85" />
      <circle cx="104" cy="48" r="4" fill="var(--primary)" />
      <circle cx="18" cy="80" r="3" fill="var(--up)" />
    </svg>
  );
}
