import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReserveAddress, ReserveNetwork } from '@exchange/contract';
import { reserveMessage, verifyReserveSignature } from '@exchange/contract/reserves';
import { formatExact } from '../../shared/format/number';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { fetchReserveAddresses } from './api';

type Check = 'verified' | 'invalid' | 'unsigned';

/**
 * Checked here, not taken from the server: the message must be the one naming this address and
 * the label the call published, and the signature the address's own in its network's scheme.
 */
function checkOf(network: ReserveNetwork, a: ReserveAddress, label: string): Check {
  if (!network.scheme || a.message === null || a.signature === null) return 'unsigned';
  if (a.message !== reserveMessage(label, a.address)) return 'invalid';
  return verifyReserveSignature({ scheme: network.scheme, address: a.address, message: a.message, signature: a.signature }) ? 'verified' : 'invalid';
}

function CheckBadge({ check }: { check: Check }) {
  const { t } = useLingui();
  const text = { verified: t`Signature verified`, invalid: t`Signature not valid`, unsigned: t`Not signed` }[check];
  return (
    <span className={`por-sig por-sig--${check}`} data-testid="por-sig" data-check={check}>
      <span aria-hidden="true">{check === 'verified' ? '✓' : check === 'invalid' ? '✗' : '–'}</span> {text}
    </span>
  );
}

function NetworkAddresses({ network, label }: { network: ReserveNetwork; label: string }) {
  const { t } = useLingui();
  const checks = useMemo(() => network.addresses.map((a) => checkOf(network, a, label)), [network, label]);
  return (
    <li className="por-network">
      <h3>{network.network}</h3>
      {network.balances.length > 0 && <p className="muted">{network.balances.map((b) => `${b.asset} ${formatExact(b.amount)}`).join(' · ')}</p>}
      <ul className="por-addresses" aria-label={t`Addresses on ${network.network}`}>
        {network.addresses.map((a, i) => (
          <li key={a.address}>
            <code className="por-hash">{a.address}</code>
            <CheckBadge check={checks[i]!} />
            {a.message !== null && a.signature !== null && (
              <details>
                <summary>{t`Message and signature`}</summary>
                <code className="por-hash">{a.message}</code>
                <code className="por-hash">{a.signature}</code>
              </details>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The exchange's reserve addresses per network, each signature checked in the browser (docs/reserves.md, "Reserve addresses"). */
export function ReserveAddresses() {
  const { t } = useLingui();
  const addresses = useAsync('reserves', 'addresses', (signal) => fetchReserveAddresses(signal));
  const data = addresses.status === 'ready' ? addresses.data : undefined;
  return (
    <section className="card" aria-labelledby="por-addresses-title">
      <h2 id="por-addresses-title">
        <Trans>Reserve addresses</Trans>
      </h2>
      <p className="muted">
        <Trans>Each address signed a message naming the latest snapshot with its own key, in its network&apos;s scheme. Your browser checks every signature.</Trans>
      </p>
      <LoadState
        status={addresses.status}
        loadingLabel={t`Loading the reserve addresses`}
        error={<span>{t`The reserve addresses could not be loaded.`}</span>}
        retryLabel={t`Try Again`}
        onRetry={addresses.reload}
      />
      {data && data.networks.length === 0 && (
        <p className="muted">
          <Trans>No reserve address holds coins yet.</Trans>
        </p>
      )}
      {data && data.networks.length > 0 && (
        <ul className="por-networks">
          {data.networks.map((n) => (
            <NetworkAddresses key={n.network_id} network={n} label={data.label} />
          ))}
        </ul>
      )}
    </section>
  );
}
