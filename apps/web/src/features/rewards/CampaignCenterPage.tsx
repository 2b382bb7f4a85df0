import { Link } from 'react-router';
import { rewardMessages, type Campaign } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDay } from '../../shared/format/date';
import { useAsync } from '../../shared/hooks/useAsync';
import { useContractText } from '../../shared/i18n/contractText';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../../shared/ui/wallet.css';
import { fetchCampaigns } from './api';
import { LoadState } from '../../shared/ui/LoadState';
import { RewardsNav } from './RewardsNav';
import './rewards.css';

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const starts = formatDay(campaign.starts);
  const ends = campaign.ends ? formatDay(campaign.ends) : null;
  return (
    <article className="card campaign" aria-labelledby={`campaign-${campaign.slug}`}>
      <p className="campaign__reward" lang="en">{campaign.reward}</p>
      <h2 id={`campaign-${campaign.slug}`} className="campaign__title" lang="en">
        {campaign.title}
      </h2>
      <p className="campaign__summary" lang="en">{campaign.summary}</p>
      <div lang="en">
        <SafeHtml className="campaign__details muted" html={campaign.html} />
      </div>
      <p className="campaign__dates muted">
        {ends ? <Trans>From {starts} to {ends}</Trans> : <Trans>Since {starts}, no end date</Trans>}
      </p>
      <Link to={campaign.path} className="btn btn-primary campaign__cta">
        <Trans>Take part</Trans>
      </Link>
    </article>
  );
}

/** /pages/morePages/CampaignCenter: the campaigns running today, from the server's content files. */
export default function CampaignCenterPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  usePageTitle(t`Campaign Center`);
  const campaigns = useAsync('campaigns', 'campaigns', (signal) => fetchCampaigns(signal));
  const list = campaigns.status === 'ready' ? campaigns.data : null;
  return (
    <div className="container wallet-page">
      <h1 className="wallet-page__title">
        <Trans>Campaign Center</Trans>
      </h1>
      <RewardsNav />
      <LoadState
        status={campaigns.status}
        loadingLabel={t`Loading campaigns`}
        error={<span>{contractText(rewardMessages.loadCampaignsFailed)}</span>}
        retryLabel={t`Try Again`}
        onRetry={campaigns.reload}
      />
      {list && list.length === 0 && (
        <div className="card wallet-state">
          <strong>
            <Trans>No campaigns are running right now.</Trans>
          </strong>
          <span className="muted">
            <Trans>New campaigns are announced in the help centre.</Trans>
          </span>
        </div>
      )}
      {list && list.length > 0 && (
        <div className="campaign-grid">
          {list.map((c) => (
            <CampaignCard key={c.slug} campaign={c} />
          ))}
        </div>
      )}
    </div>
  );
}
