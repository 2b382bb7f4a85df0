import { useLingui } from '@lingui/react/macro';
import { formatDay } from '../../shared/format/date';
import { fetchCampaigns, publishCampaign } from './api';
import { CampaignForm } from './CampaignForm';
import { ContentPanel } from './ContentPanel';

/** The Campaign Center's banners written here: drafts and published ones, shown between their days. */
export function CampaignsPanel() {
  const { t } = useLingui();
  return (
    <ContentPanel
      scope="campaigns"
      load={fetchCampaigns}
      publish={publishCampaign}
      heading={t`Campaigns`}
      newLabel={t`New campaign`}
      loadingLabel={t`Loading the campaigns`}
      loadFailed={t`The campaigns could not be loaded.`}
      empty={t`No campaign written here yet. The Campaign Center shows the repository’s files.`}
      where={(c) => {
        const starts = formatDay(c.starts);
        const ends = c.ends ? formatDay(c.ends) : null;
        return ends ? t`${starts} to ${ends}` : t`from ${starts}`;
      }}
      form={(editing, onSaved, onCancel) => <CampaignForm editing={editing} onSaved={onSaved} onCancel={onCancel} />}
    />
  );
}
