import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiKeyCreateResponse, ApiKeyView } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAsync } from '../../../shared/hooks/useAsync';
import { readSession } from '../../../shared/session/session';
import { useTwoFactorStatus } from '../../../shared/two-factor/useTwoFactorStatus';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { fetchApiKeys } from './apiKeysApi';
import { CreateKeyForm } from './CreateKeyForm';
import { DeleteKeyDialog } from './DeleteKeyDialog';
import { KeyList } from './KeyList';
import { SecretDialog } from './SecretDialog';
import './api-keys.css';

/** /account/api (spec 3 §2 "API Management", issue 42): personal API keys for bots, signed as OKX v5 signs. */
export default function ApiKeysPage() {
  const { t } = useLingui();
  usePageTitle(t`API Management`);
  const userId = readSession()?.userId || null;
  const [totpOn] = useTwoFactorStatus(userId);
  const keys = useAsync('api-keys', userId, (signal) => fetchApiKeys(signal));
  const [created, setCreated] = useState<ApiKeyCreateResponse | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);

  return (
    <div className="container account-page account-page--narrow">
      <nav className="account-crumbs" aria-label={t`Breadcrumb`}>
        <Link to="/account/profile">
          <Trans>Profile</Trans>
        </Link>
        <span aria-hidden>/</span>
        <span aria-current="page">
          <Trans>API Management</Trans>
        </span>
      </nav>
      <h1 className="account-page__title">
        <Trans>API Management</Trans>
      </h1>
      <p className="muted">
        <Trans>Keys let trading bots and tools that speak OKX's v5 API, such as ccxt or freqtrade, use your account.</Trans>
      </p>
      <CreateKeyForm
        totpOn={totpOn}
        onCreated={(key) => {
          setCreated(key);
          keys.reload();
        }}
      />
      <section className="card account-card" aria-labelledby="api-list-title">
        <h2 id="api-list-title" className="account-card__title">
          <Trans>Your API keys</Trans>
        </h2>
        {keys.status === 'error' && keys.data === null ? (
          <LoadFailed message={t`Could not load your API keys.`} onRetry={keys.reload} />
        ) : keys.data === null ? (
          <Spinner label={t`Loading your API keys`} />
        ) : (
          <KeyList keys={keys.data.items} onDelete={setDeleting} />
        )}
      </section>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <DeleteKeyDialog
        target={deleting}
        totpOn={totpOn}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          keys.reload();
        }}
      />
    </div>
  );
}
