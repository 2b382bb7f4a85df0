import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_SLUG_MAX,
  ANNOUNCEMENT_SUMMARY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  CAMPAIGN_PATH_MAX,
  CAMPAIGN_REWARD_MAX,
  type AdminCampaign,
  type CampaignDraft,
} from '@exchange/contract';
import { saveCampaign } from './api';
import { ContentForm } from './ContentForm';

const empty = (): CampaignDraft => ({ slug: '', title: '', summary: '', reward: '', starts: new Date().toISOString().slice(0, 10), ends: null, path: '/', body: '' });

/** Writes a new campaign banner or rewrites `editing`, with the announcements' preview. */
export function CampaignForm({ editing, onSaved, onCancel }: { editing: AdminCampaign | null; onSaved: (c: AdminCampaign) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<CampaignDraft>(() =>
    editing
      ? { slug: editing.slug, title: editing.title, summary: editing.summary, reward: editing.reward, starts: editing.starts, ends: editing.ends, path: editing.path, body: editing.body }
      : empty(),
  );
  const set = (field: keyof CampaignDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  return (
    <ContentForm
      label={editing ? t`Edit campaign` : t`New campaign`}
      idPrefix="cmp"
      title={draft.title}
      body={draft.body}
      onBody={(body) => setDraft((d) => ({ ...d, body }))}
      save={async () => onSaved((await saveCampaign(editing?.id ?? null, draft)).campaign)}
      saveFailed={t`The campaign could not be saved.`}
      onCancel={onCancel}
    >
      <label htmlFor="cmp-title">{t`Title`}</label>
      <input id="cmp-title" required maxLength={ANNOUNCEMENT_TITLE_MAX} value={draft.title} onChange={set('title')} />
      <label htmlFor="cmp-slug">{t`Name (slug)`}</label>
      <div className="admin-field">
        <input id="cmp-slug" required maxLength={ANNOUNCEMENT_SLUG_MAX} pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="cmp-slug-hint" value={draft.slug} onChange={set('slug')} />
        <span id="cmp-slug-hint" className="muted admin-hint">
          <Trans>Lower-case words joined by hyphens. A campaign file’s slug replaces that file while published.</Trans>
        </span>
      </div>
      <label htmlFor="cmp-summary">{t`Summary`}</label>
      <input id="cmp-summary" required maxLength={ANNOUNCEMENT_SUMMARY_MAX} value={draft.summary} onChange={set('summary')} />
      <label htmlFor="cmp-reward">{t`Reward`}</label>
      <input id="cmp-reward" required maxLength={CAMPAIGN_REWARD_MAX} value={draft.reward} onChange={set('reward')} />
      <label htmlFor="cmp-starts">{t`Start day`}</label>
      <input id="cmp-starts" type="date" required value={draft.starts} onChange={set('starts')} />
      <label htmlFor="cmp-ends">{t`End day`}</label>
      <div className="admin-field">
        <input id="cmp-ends" type="date" min={draft.starts} aria-describedby="cmp-ends-hint" value={draft.ends ?? ''} onChange={(e) => setDraft((d) => ({ ...d, ends: e.target.value || null }))} />
        <span id="cmp-ends-hint" className="muted admin-hint">
          <Trans>Leave empty for a campaign without an end. Days are UTC.</Trans>
        </span>
      </div>
      <label htmlFor="cmp-path">{t`Take part at`}</label>
      <div className="admin-field">
        <input id="cmp-path" required maxLength={CAMPAIGN_PATH_MAX} pattern="/[^/].*|/" aria-describedby="cmp-path-hint" value={draft.path} onChange={set('path')} />
        <span id="cmp-path-hint" className="muted admin-hint">
          <Trans>A path of this site, such as /markets: the campaign’s button leads there.</Trans>
        </span>
      </div>
    </ContentForm>
  );
}
