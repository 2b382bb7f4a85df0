import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_SLUG_MAX,
  ANNOUNCEMENT_SUMMARY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  HELP_ITEM_CATEGORIES,
  type AdminAnnouncement,
  type AnnouncementDraft,
  type HelpItemCategory,
} from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { previewAnnouncement, saveAnnouncement } from './api';

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
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof AnnouncementDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => onSaved((await saveAnnouncement(editing?.id ?? null, draft)).announcement), t`The announcement could not be saved.`);
  };
  const onPreview = () => void run(async () => setPreview((await previewAnnouncement(draft.body)).html), t`The preview could not be made.`);

  return (
    <form className="admin-form admin-form--grid admin-announcement-form" aria-label={editing ? t`Edit announcement` : t`New announcement`} onSubmit={onSubmit}>
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
      <label htmlFor="ann-body">{t`Body (Markdown)`}</label>
      <div className="admin-field">
        <textarea id="ann-body" required maxLength={ANNOUNCEMENT_BODY_MAX} rows={10} aria-describedby="ann-body-hint" value={draft.body} onChange={set('body')} />
        <span id="ann-body-hint" className="muted admin-hint">
          <Trans>HTML is shown as text; links may go to this site or to https addresses.</Trans>
        </span>
      </div>
      <div className="admin-row admin-actions">
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy || draft.body.trim() === ''} onClick={onPreview}>
          <Trans>Preview</Trans>
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          <Trans>Save</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {preview !== null && (
        <section className="admin-preview" aria-label={t`Preview`}>
          <h3 className="admin-subtitle">{draft.title}</h3>
          <SafeHtml html={preview} />
        </section>
      )}
    </form>
  );
}
