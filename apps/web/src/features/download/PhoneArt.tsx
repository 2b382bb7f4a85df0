import { useLingui } from '@lingui/react/macro';

/** A phone showing a price chart, drawn inline so the offline build needs no image files. */
export function PhoneArt() {
  const { t } = useLingui();
  return (
    <svg className="phone-art" viewBox="0 0 260 420" aria-hidden focusable="false">
      <defs>
        <linearGradient id="phone-chart-fill" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#0ecb81" stopOpacity="0.35" />
          <stop offset="1" stopColor="#0ecb81" stopOpacity="0" />
        </linearGradient>
        <radialGradient id="phone-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fcd535" stopOpacity="0.28" />
          <stop offset="1" stopColor="#fcd535" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="130" cy="210" r="200" fill="url(#phone-glow)" />
      <rect x="40" y="20" width="180" height="380" rx="28" fill="#1e2329" stroke="#2b3139" strokeWidth="4" />
      <rect x="52" y="44" width="156" height="340" rx="16" fill="#0b0e11" />
      <rect x="104" y="30" width="52" height="6" rx="3" fill="#2b3139" />
      <text x="64" y="74" fill="#eaecef" fontSize="13" fontWeight="700">BTC/USDT</text>
      <text x="64" y="98" fill="#0ecb81" fontSize="18" fontWeight="700">+2.84%</text>
      <path d="M60 210 L80 190 L98 198 L116 168 L134 176 L152 140 L170 150 L200 118 L200 240 L60 240Z" fill="url(#phone-chart-fill)" />
      <path d="M60 210 L80 190 L98 198 L116 168 L134 176 L152 140 L170 150 L200 118" fill="none" stroke="#0ecb81" strokeWidth="3" strokeLinejoin="round" />
      <g fill="#2b3139">
        <rect x="64" y="262" width="132" height="10" rx="5" />
        <rect x="64" y="282" width="96" height="10" rx="5" />
      </g>
      <rect x="64" y="318" width="62" height="36" rx="8" fill="#0ecb81" />
      <rect x="134" y="318" width="62" height="36" rx="8" fill="#f6465d" />
      <text x="95" y="341" fill="#0b0e11" fontSize="13" fontWeight="700" textAnchor="middle">
        {t`Buy`}
      </text>
      <text x="165" y="341" fill="#0b0e11" fontSize="13" fontWeight="700" textAnchor="middle">
        {t`Sell`}
      </text>
    </svg>
  );
}
