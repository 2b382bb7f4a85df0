import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { formatBalance } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { idTypeOf, type AdminAccountState, type OperatorRight } from '@exchange/contract';
import { useContractText } from '../../shared/i18n/contractText';
import { AccountActions } from './AccountActions';
import { UserDocuments } from './UserDocuments';
import { useWalletName } from './walletName';
import { fetchUser, searchUsers } from './api';

function UserView({ id, rights, onClose }: { id: string; rights: ReadonlySet<OperatorRight>; onClose: () => void }) {
  const { t } = useLingui();
  const user = useAsync('admin-user', id, (signal) => fetchUser(id, signal));
  // An action answers the account's new state; it replaces the loaded one until the page reloads.
  const [account, setAccount] = useState<AdminAccountState | null>(null);
  const data = user.data;
  const consoleWalletName = useWalletName();
  const contractText = useContractText();
  const idType = data?.verification.document_type ? idTypeOf(data.verification.document_type) : undefined;
  const documentType = idType ? contractText(idType.name) : (data?.verification.document_type ?? null);
  return (
    <section className="card wallet-card" aria-labelledby="admin-user-view">
      <div className="admin-row">
        <h2 id="admin-user-view" className="wallet-card__title">
          <Trans>User</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          <Trans>Back to the results</Trans>
        </button>
      </div>
      <LoadState
        status={user.status}
        loadingLabel={t`Loading the user`}
        error={<span>{errorMessage(user.error, t`The user could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={user.reload}
      />
      {user.status === 'ready' && data && (
        <>
          <dl className="admin-details">
            <dt>{t`Email`}</dt>
            <dd>{data.user.email}</dd>
            <dt>{t`UID`}</dt>
            <dd>{data.user.uid}</dd>
            <dt>{t`Signed up`}</dt>
            <dd>{formatDateTime(data.user.created_at)}</dd>
            <dt>{t`Email verified`}</dt>
            <dd>{data.user.email_verified ? t`Yes` : t`No`}</dd>
            <dt>{t`Identity verification`}</dt>
            <dd>{data.verification.status === 'true' ? t`Verified` : data.verification.status === 'pending' ? t`Under review` : t`Not verified`}</dd>
            {documentType && (
              <>
                <dt>{t`Document type`}</dt>
                <dd>{documentType}</dd>
              </>
            )}
            <dt>{t`Operator roles`}</dt>
            <dd>{data.roles.length > 0 ? data.roles.join(', ') : t`None`}</dd>
            {data.verification.documents !== null && (
              <>
                <dt>{t`Documents`}</dt>
                <dd>
                  <UserDocuments userId={data.user.id} paths={data.verification.documents} />
                </dd>
              </>
            )}
          </dl>
          <AccountActions userId={data.user.id} account={account ?? data.account} rights={rights} onChanged={setAccount} />
          <h3 className="admin-subtitle">
            <Trans>Balances</Trans>
          </h3>
          {data.balances.length === 0 ? (
            <p className="muted">
              <Trans>No balances yet.</Trans>
            </p>
          ) : (
            <div className="wallet-scroll">
              <table className="wallet-table wallet-table--stack">
                <thead>
                  <tr>
                    <th scope="col">{t`Wallet`}</th>
                    <th scope="col">{t`Coin`}</th>
                    <th scope="col" className="num">{t`Available`}</th>
                    <th scope="col" className="num">{t`Locked`}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.balances.map((b) => (
                    <tr key={`${b.wallet}-${b.asset}`}>
                      <td data-label={t`Wallet`}>{consoleWalletName(b.wallet)}</td>
                      <td data-label={t`Coin`}>{b.asset}</td>
                      <td data-label={t`Available`} className="num">{formatBalance(b.available)}</td>
                      <td data-label={t`Locked`} className="num">{formatBalance(b.locked)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function UsersPanel({ rights }: { rights: ReadonlySet<OperatorRight> }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const results = useAsync('admin-users', query, (signal) => searchUsers(query ?? '', signal));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q) setQuery(q);
  };
  if (selected) return <UserView id={selected} rights={rights} onClose={() => setSelected(null)} />;
  const rows = results.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-users">
      <h2 id="admin-users" className="wallet-card__title">
        <Trans>Users</Trans>
      </h2>
      <form className="admin-form" role="search" onSubmit={onSubmit}>
        <label htmlFor="admin-user-search">{t`Email, UID or user ID`}</label>
        <input id="admin-user-search" type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn-primary btn-sm">
          <Trans>Search</Trans>
        </button>
      </form>
      {query !== null && (
        <LoadState
          status={results.status}
          loadingLabel={t`Searching`}
          error={<span>{errorMessage(results.error, t`The search failed.`)}</span>}
          retryLabel={t`Try Again`}
          onRetry={results.reload}
        />
      )}
      {results.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No user matches this search.</Trans>
        </p>
      )}
      {results.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((u) => (
            <li key={u.id}>
              <button type="button" className="admin-link" onClick={() => setSelected(u.id)}>
                {u.email}
              </button>
              <span className="muted">{t`UID ${u.uid}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
