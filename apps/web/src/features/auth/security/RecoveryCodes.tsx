import { useState } from 'react';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { recoveryCodesText } from './mask';
import { useCopy } from '../../../shared/hooks/useCopy';

/** The ten recovery codes, shown once: copy, download, and a confirmation before the dialog closes. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  const { state, copy } = useCopy();
  const text = recoveryCodesText(codes, t`Nexa recovery codes. Each works once, in place of an authenticator code.`);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'nexa-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="recovery-codes">
      <p className="security-banner security-banner--warning" role="note">
        <TriangleAlert size={18} aria-hidden />
        <span>
          <Trans>The authenticator app is on. Keep these codes somewhere safe: each one logs you in once if you lose your phone. They are shown only now.</Trans>
        </span>
      </p>
      <ol className="recovery-codes__list" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <button type="button" className="btn btn-ghost" onClick={() => void copy(text)}>
          {state === 'copied' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy codes</Trans>}
        </button>
        <button type="button" className="btn btn-ghost" onClick={download}>
          <Download size={16} aria-hidden />
          <Trans>Download</Trans>
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {state === 'copied' ? t`Copied to clipboard!` : state === 'failed' ? t`Copy failed: select the codes and copy them by hand.` : ''}
      </p>
      <label className="auth-check" htmlFor="recovery-saved">
        <input id="recovery-saved" type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <span>
          <Trans>I have saved my recovery codes</Trans>
        </span>
      </label>
      <button type="button" className="btn btn-primary btn-block" disabled={!saved} onClick={onDone}>
        <Trans>Done</Trans>
      </button>
    </div>
  );
}
