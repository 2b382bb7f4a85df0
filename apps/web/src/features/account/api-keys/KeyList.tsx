import type { ApiKeyView } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import { usePermissionLabels } from './permissionLabels';

/** The user's keys with their permissions, addresses and last use; each deleted through the dialog. */
export function KeyList({ keys, onDelete }: { keys: readonly ApiKeyView[]; onDelete: (key: ApiKeyView) => void }) {
  const { t } = useLingui();
  const labels = usePermissionLabels();
  if (keys.length === 0) {
    return (
      <p className="muted">
        <Trans>You have no API keys yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="api-keys__list">
      {keys.map((key) => (
        <li key={key.api_key} className="api-keys__item">
          <div className="api-keys__item-head">
            <strong>{key.label}</strong>
            <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Delete ${key.label}`} onClick={() => onDelete(key)}>
              <Trans>Delete</Trans>
            </button>
          </div>
          <dl className="api-keys__facts">
            <dt>
              <Trans>API key</Trans>
            </dt>
            <dd className="api-keys__mono">{key.api_key}</dd>
            <dt>
              <Trans>Permissions</Trans>
            </dt>
            <dd>{key.permissions.map((p) => labels[p]).join(', ')}</dd>
            <dt>
              <Trans>IP allow-list</Trans>
            </dt>
            <dd>{key.ip_allowlist.length > 0 ? key.ip_allowlist.join(', ') : t`Any address`}</dd>
            <dt>
              <Trans>Expires</Trans>
            </dt>
            <dd>{key.expires_at ? formatDateTime(key.expires_at) : t`Never`}</dd>
            <dt>
              <Trans>Last used</Trans>
            </dt>
            <dd>{key.last_used_at ? `${formatDateTime(key.last_used_at)} · ${key.last_used_ip ?? ''}` : t`Never used`}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
