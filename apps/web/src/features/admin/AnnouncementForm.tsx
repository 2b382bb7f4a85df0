import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_SLUG_MAX,
  ANNOUNCEMENT_SUMMARY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  HELP_ITEM_CATEGORIES,
  type AdminAnnouncement,
  type AnnouncementDraft,
  type HelpItemCategory,
} from '@exchange/contract';
import { saveAnnouncement } from './api';
import { ContentForm } from './ContentForm';

const empty: AnnouncementDraft = { slug: '', title: '', summary: '', category: 'product-updates', language: 'en', body: '' };

function useCategoryLabel() {
  const { t } = useLingui();
  return (c: HelpItemCategory) =>
    ({ 'new-listings': t`New listings`, futures: t`Futures`, 'product-updates': t`Product updates`, maintenance: t`Maintenance`, guides: t`Guides` })[c];
}

/** Writes a new announcement or rewrites `editing`; the preview is the server's rendering, shown as the help centre shows it. */
export function AnnouncementForm({ editing, onSaved, onCancel }: { editing: AdminAnnouncement | null; onSaved: (a: AdminAnnouncement) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const [draft, setDraft] = useState<AnnouncementDraft>(
    editing ? { slug: editing.slug, title: editing.title, summary: editing.summary, category: editing.category, language: editing.language, body: editing.body } : empty,
  );
  const set = (field: keyof AnnouncementDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  return (
    <ContentForm
      label={editing ? t`Edit announcement` : t`New announcement`}
      idPrefix="ann"
      title={draft.title}
      body={draft.body}
      onBody={(body) => setDraft((d) => ({ ...d, body }))}
      save={async () => onSaved((await saveAnnouncement(editing?.id ?? null, draft)).announcement)}
      saveFailed={t`The announcement could not be saved.`}
      onCancel={onCancel}
    >
      <label htmlFor="ann-title">{t`Title`}</label>
      <input id="ann-title" required maxLength={ANNOUNCEMENT_TITLE_MAX} value={draft.title} onChange={set('title')} />
      <label htmlFor="ann-slug">{t`Address (slug)`}</label>
      <div className="admin-field">
        <input id="ann-slug" required maxLength={ANNOUNCEMENT_SLUG_MAX} pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="ann-slug-hint" value={draft.slug} onChange={set('slug')} />
        <span id="ann-slug-hint" className="muted admin-hint">
          <Trans>Lower-case words joined by hyphens: the page is /help/{draft.slug || '…'}. A help file’s slug replaces that file while published.</Trans>
        </span>
      </div>
      <label htmlFor="ann-summary">{t`Summary`}</label>
      <input id="ann-summary" required maxLength={ANNOUNCEMENT_SUMMARY_MAX} value={draft.summary} onChange={set('summary')} />
      <label htmlFor="ann-category">{t`Category`}</label>
      <select id="ann-category" value={draft.category} onChange={set('category')}>
        {HELP_ITEM_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </select>
    </ContentForm>
  );
}
