import { useEffect, useState } from 'react';
import type { PositionMode } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { fetchPositionMode, setPositionMode } from '../api/positionToolsApi';
import { Segmented } from './Segmented';

interface PositionModeControlProps {
  signedIn: boolean;
  set?: typeof setPositionMode;
  load?: typeof fetchPositionMode;
}

/**
 * Hedge (a long and a short position per contract) or one-way mode (one net position: a buy first
 * reduces a short). The server refuses a change while a position is open or an order rests; its
 * words are shown under the switch.
 */
export function PositionModeControl({ signedIn, set = setPositionMode, load = fetchPositionMode }: PositionModeControlProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  // Unknown until read: showing Hedge meanwhile told a one-way trader the wrong mode and invited a
  // needless switch. A visitor sees a new account's mode.
  const [read, setRead] = useState<PositionMode | 'unread' | 'failed'>('unread');
  const mode: PositionMode | null = !signedIn ? 'hedge' : read === 'unread' || read === 'failed' ? null : read;
  const reading = signedIn && read === 'unread';
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (answer) => setRead(answer.position_mode),
      () => {
        if (!controller.signal.aborted) setRead('failed');
      },
    );
    return () => controller.abort();
  }, [signedIn, load]);

  async function change(next: PositionMode) {
    if (next === mode || saving || reading || !signedIn) return;
    setFailure(null);
    setSaving(true);
    try {
      setRead((await set(next)).position_mode);
    } catch (error) {
      setFailure(contractText(errorMessage(error, t`The position mode could not be changed. Please try again.`)));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="fut-position-mode" aria-busy={saving || reading} data-testid="position-mode">
      <Segmented
        label={t`Position mode`}
        value={mode}
        disabled={reading}
        onChange={(next) => void change(next)}
        options={[
          { value: 'hedge', label: t`Hedge` },
          { value: 'one_way', label: t`One-way` },
        ]}
      />
      {failure !== null && (
        <p className="fut-tool__error down" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
