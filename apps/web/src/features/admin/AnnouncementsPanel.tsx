import { useLingui } from '@lingui/react/macro';
import { AnnouncementForm } from './AnnouncementForm';
import { fetchAnnouncements, publishAnnouncement } from './api';
import { ContentPanel } from './ContentPanel';

/** The help centre's announcements written here: drafts and published ones. */
export function AnnouncementsPanel() {
  const { t } = useLingui();
  return (
    <ContentPanel
      scope="announcements"
      load={fetchAnnouncements}
      publish={publishAnnouncement}
      heading={t`Announcements`}
      newLabel={t`New announcement`}
      loadingLabel={t`Loading the announcements`}
      loadFailed={t`The announcements could not be loaded.`}
      empty={t`No announcement written here yet. The help centre shows the repository’s files.`}
      where={(a) => `/help/${a.slug}`}
      form={(editing, onSaved, onCancel) => <AnnouncementForm editing={editing} onSaved={onSaved} onCancel={onCancel} />}
    />
  );
}
