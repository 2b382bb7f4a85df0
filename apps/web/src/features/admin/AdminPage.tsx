import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { useAsync } from '../../shared/hooks/useAsync';
import { readSession } from '../../shared/session/session';
import { LoadState } from '../../shared/ui/LoadState';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { fetchMe } from './api';
import { AdjustmentsPanel } from './AdjustmentsPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { CampaignsPanel } from './CampaignsPanel';
import { onSessionEnded } from './session-end';
import { AuditPanel } from './AuditPanel';
import { DashboardPanel } from './DashboardPanel';
import { DepositsPanel } from './DepositsPanel';
import { FeesPanel } from './FeesPanel';
import { FinancePanel } from './FinancePanel';
import { ListingsPanel } from './ListingsPanel';
import { MarketsPanel } from './MarketsPanel';
import { OperatorsPanel } from './OperatorsPanel';
import { UsersPanel } from './UsersPanel';
import { VerificationsPanel } from './VerificationsPanel';
import { WithdrawalsPanel } from './WithdrawalsPanel';
// The console's cards and tables are the wallet pages' (wallet-page, wallet-card, wallet-table).
import '../../shared/ui/wallet.css';
import './admin.css';

type Tab = 'dashboard' | 'users' | 'verifications' | 'withdrawals' | 'deposits' | 'markets' | 'adjustments' | 'announcements' | 'campaigns' | 'operators' | 'audit';

function Console({ email }: { email: string }) {
  const { t } = useLingui();
  const me = useAsync('admin-me', email, (signal) => fetchMe(signal));
  const [tab, setTab] = useState<Tab>('dashboard');
  const data = me.data;
  if (me.status !== 'ready' || !data) {
    return (
      <LoadState
        status={me.status}
        loadingLabel={t`Loading the operator console`}
        error={<span>{errorMessage(me.error, t`The operator console could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={me.reload}
      />
    );
  }
  const rights = new Set(data.rights);
  const tabs: { id: Tab; label: string; shown: boolean }[] = [
    { id: 'dashboard', label: t`Dashboard`, shown: true },
    { id: 'users', label: t`Users`, shown: rights.has('users.read') },
    { id: 'verifications', label: t`Verifications`, shown: rights.has('kyc.review') },
    { id: 'withdrawals', label: t`Withdrawals`, shown: rights.has('withdrawals.review') },
    { id: 'markets', label: t`Markets and fees`, shown: rights.has('markets.read') },
    { id: 'adjustments', label: t`Adjustments`, shown: rights.has('adjustments.propose') },
    { id: 'announcements', label: t`Announcements`, shown: rights.has('content.manage') },
    { id: 'campaigns', label: t`Campaigns`, shown: rights.has('content.manage') },
    { id: 'deposits', label: t`Deposits`, shown: rights.has('deposits.review') },
    { id: 'operators', label: t`Operators`, shown: rights.has('operators.read') },
    { id: 'audit', label: t`Audit log`, shown: rights.has('audit.read') },
  ];
  return (
    <>
      <p className="muted admin-roles">
        <Trans>
          Signed in as {data.email}, roles: {data.roles.join(', ')}
        </Trans>
      </p>
      <nav className="admin-tabs" aria-label={t`Operator console sections`}>
        {tabs
          .filter((x) => x.shown)
          .map((x) => (
            <button key={x.id} type="button" className="admin-tab" aria-current={tab === x.id ? 'page' : undefined} onClick={() => setTab(x.id)}>
              {x.label}
            </button>
          ))}
      </nav>
      {tab === 'dashboard' && <DashboardPanel />}
      {tab === 'dashboard' && rights.has('finance.read') && <FinancePanel canCheck={rights.has('ledger.check')} />}
      {tab === 'users' && <UsersPanel rights={rights} />}
      {tab === 'verifications' && <VerificationsPanel />}
      {tab === 'withdrawals' && <WithdrawalsPanel />}
      {/* The listing form and the two fee rows first: the list of every market runs long. */}
      {tab === 'markets' && <ListingsPanel canManage={rights.has('markets.manage')} />}
      {tab === 'markets' && <FeesPanel canManage={rights.has('markets.manage')} />}
      {tab === 'markets' && <MarketsPanel canManage={rights.has('markets.manage')} />}
      {tab === 'adjustments' && <AdjustmentsPanel me={data.email} />}
      {tab === 'announcements' && <AnnouncementsPanel />}
      {tab === 'campaigns' && <CampaignsPanel />}
      {tab === 'deposits' && <DepositsPanel />}
      {tab === 'operators' && <OperatorsPanel />}
      {tab === 'audit' && <AuditPanel canExport={rights.has('audit.export')} />}
    </>
  );
}

/** /admin: the operator console (docs/operators.md), for users with an operator role and the authenticator app on. */
export default function AdminPage() {
  const { t } = useLingui();
  usePageTitle(t`Operator console`);
  const session = readSession();
  const [ended, setEnded] = useState(false);
  useEffect(() => onSessionEnded(() => setEnded(true)), []);
  let body;
  if (ended) {
    body = <LoginPrompt title={t`Your operator session has ended`} text={t`Operator sessions end after a while without activity, for the exchange’s safety. Log in again to go on.`} />;
  } else if (session) {
    body = <Console email={session.email ?? session.userId} />;
  } else {
    body = <LoginPrompt title={t`Log in to open the operator console`} text={t`The console is for the exchange’s operators.`} />;
  }
  return (
    <div className="container wallet-page admin-page">
      <h1 className="wallet-page__title">
        <Trans>Operator console</Trans>
      </h1>
      {body}
    </div>
  );
}
