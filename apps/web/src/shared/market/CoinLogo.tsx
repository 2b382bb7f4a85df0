import { useState } from 'react';
import clsx from 'clsx';
import './CoinLogo.css';

interface CoinLogoProps {
  symbol: string;
  src: string;
  size?: number;
  className?: string;
}

/** A coin's icon; a broken or missing image becomes a letter badge (spec 1 §8). */
export function CoinLogo({ symbol, src, size = 24, className }: CoinLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    return (
      <span className={clsx('coin-logo coin-logo--badge', className)} style={{ ...style, fontSize: size * 0.45 }} aria-hidden>
        {symbol.charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className={clsx('coin-logo', className)}
      style={style}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailedSrc(src)}
    />
  );
}
