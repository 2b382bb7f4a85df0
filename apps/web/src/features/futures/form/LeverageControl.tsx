import { useEffect, useState } from 'react';
import { futuresMaxLeverage, type FuturesSide, type MarginMode } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { fetchLeverage, setLeverage } from '../api/positionToolsApi';
import { LeverageField } from './LeverageField';

/** The form's leverage of each side (issue 41: long and short are set apart, per margin mode). */
export type SideLeverage = Readonly<Record<FuturesSide, number>>;

interface LeverageControlProps {
  instId: string;
  mode: MarginMode;
  signedIn: boolean;
  leverage: SideLeverage;
  onLeverage: (side: FuturesSide, leverage: number) => void;
  /** The sides the form trades: both on the desktop form, one on the phone sheet. */
  sides: readonly FuturesSide[];
  set?: typeof setLeverage;
  load?: typeof fetchLeverage;
}

/**
 * Leverage of each of the form's sides on this contract and margin mode. A signed-in user's choice
 * is saved on the server for that side alone (it re-margins that side's open position), so orders
 * and the Positions tab agree with it; each side's cap is its own position's tier.
 */
export function LeverageControl({ instId, mode, signedIn, leverage, onLeverage, sides, set = setLeverage, load = fetchLeverage }: LeverageControlProps) {
  const { t } = useLingui();
  const contractMax = futuresMaxLeverage(instId);
  // Each side's cap as the server answered it, for the contract and mode it answered for.
  const key = `${instId}|${mode}`;
  const [answered, setAnswered] = useState<{ key: string; caps: Partial<Record<FuturesSide, number>> } | null>(null);
  const caps = answered?.key === key ? answered.caps : {};

  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    load(instId, controller.signal).then(
      (answer) => {
        const mine = answer.settings.filter((s) => s.margin_mode === mode);
        setAnswered({ key: `${instId}|${mode}`, caps: Object.fromEntries(mine.map((s) => [s.side, s.max_leverage])) });
        for (const s of mine) onLeverage(s.side, s.leverage);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [instId, mode, signedIn, load, onLeverage]);

  async function save(side: FuturesSide, value: number) {
    if (signedIn) await set(instId, side, mode, value);
    onLeverage(side, value);
  }

  return (
    <div className="fut-leverage">
      {sides.map((side) => (
        <LeverageField
          key={side}
          label={side === 'long' ? t`Long leverage` : t`Short leverage`}
          testId={`leverage-${side}`}
          value={leverage[side]}
          cap={caps[side] ?? contractMax}
          contractMax={contractMax}
          save={(value) => save(side, value)}
        />
      ))}
    </div>
  );
}
