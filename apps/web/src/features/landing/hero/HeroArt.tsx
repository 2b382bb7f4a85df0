const candles = [
  { x: 70, o: 250, c: 222, h: 214, l: 262 },
  { x: 96, o: 222, c: 236, h: 212, l: 246 },
  { x: 122, o: 236, c: 200, h: 190, l: 244 },
  { x: 148, o: 200, c: 212, h: 192, l: 222 },
  { x: 174, o: 212, c: 176, h: 166, l: 218 },
  { x: 200, o: 176, c: 188, h: 170, l: 198 },
  { x: 226, o: 188, c: 150, h: 140, l: 194 },
  { x: 252, o: 150, c: 128, h: 116, l: 158 },
];

/** Trading card, coins and orbit drawn inline: the product ships no image files. */
export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 460 420" aria-hidden focusable="false">
      <defs>
        <radialGradient id="hero-coin" cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.45" stopColor="#fcd535" />
          <stop offset="1" stopColor="#b8860b" />
        </radialGradient>
        <linearGradient id="hero-card" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#2b3139" />
          <stop offset="1" stopColor="#161a1e" />
        </linearGradient>
        <linearGradient id="hero-area" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#fcd535" stopOpacity="0.25" />
          <stop offset="1" stopColor="#fcd535" stopOpacity="0" />
        </linearGradient>
      </defs>
      <g fill="none" stroke="#2b3139">
        <ellipse cx="230" cy="210" rx="210" ry="190" strokeDasharray="3 9" />
        <ellipse cx="230" cy="210" rx="150" ry="136" />
      </g>
      <g className="hero-art__card">
        <rect x="40" y="90" width="270" height="220" rx="18" fill="url(#hero-card)" stroke="#3a414a" />
        <circle cx="66" cy="116" r="8" fill="#fcd535" />
        <rect x="82" y="110" width="70" height="12" rx="6" fill="#5e6673" />
        <rect x="236" y="108" width="54" height="18" rx="9" fill="rgba(14, 203, 129, 0.18)" />
        <path d="M248 121l6-7 6 7" stroke="#0ecb81" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <rect x="266" y="114" width="16" height="6" rx="3" fill="#0ecb81" />
        <path d="M60 270 C110 250 130 230 170 210 S240 150 290 124 L290 290 L60 290Z" fill="url(#hero-area)" />
        {candles.map(({ x, o, c, h, l }) => {
          const up = c < o;
          const color = up ? '#0ecb81' : '#f6465d';
          return (
            <g key={x}>
              <line x1={x} x2={x} y1={h} y2={l} stroke={color} strokeWidth="2" />
              <rect x={x - 7} y={Math.min(o, c)} width="14" height={Math.max(Math.abs(o - c), 3)} rx="2" fill={color} />
            </g>
          );
        })}
      </g>
      <g className="hero-art__coin">
        <circle cx="340" cy="120" r="70" fill="url(#hero-coin)" />
        <circle cx="340" cy="120" r="54" fill="none" stroke="#8a6508" strokeOpacity="0.5" strokeWidth="3" />
        <path d="M318 150V90h10l24 32V90h10v60h-10l-24-32v32z" fill="#5c4306" />
      </g>
      <g className="hero-art__chip">
        <rect x="250" y="290" width="170" height="70" rx="16" fill="#1e2329" stroke="#3a414a" />
        <circle cx="284" cy="325" r="18" fill="rgba(14, 203, 129, 0.16)" />
        <path d="M276 330l6-8 5 5 8-10" stroke="#0ecb81" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="312" y="312" width="82" height="10" rx="5" fill="#5e6673" />
        <rect x="312" y="330" width="54" height="10" rx="5" fill="#0ecb81" />
      </g>
      <circle cx="60" cy="60" r="16" fill="#627eea" />
      <path d="M60 46l9 15-9 5-9-5zM60 68l9-5-9 13-9-13z" fill="#ffffff" fillOpacity="0.9" />
      <circle cx="70" cy="360" r="12" fill="#0ecb81" opacity="0.85" />
      <circle cx="420" cy="230" r="7" fill="#fcd535" />
    </svg>
  );
}
