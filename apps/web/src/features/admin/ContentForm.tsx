import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ANNOUNCEMENT_BODY_MAX } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { previewAnnouncement } from './api';

interface ContentFormProps {
  /** The form's accessible name. */
  label: string;
  /** The ids' prefix, so two forms' fields keep their own labels. */
  idPrefix: string;
  /** The preview's heading. */
  title: string;
  body: string;
  onBody: (body: string) => void;
  /** Stores the draft; its refusal is shown in the form. */
  save: () => Promise<void>;
  saveFailed: string;
  onCancel: () => void;
  /** The fields above the body. */
  children: ReactNode;
}

/**
 * The console's form for Markdown content (announcements, campaigns): its fields, the body, a preview
 * rendered by the server as readers will see it, and Save and Cancel.
 */
export function ContentForm({ label, idPrefix, title, body, onBody, save, saveFailed, onCancel, children }: ContentFormProps) {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
    void run(save, saveFailed);
  };
  const onPreview = () => void run(async () => setPreview((await previewAnnouncement(body)).html), t`The preview could not be made.`);

  return (
    <form className="admin-form admin-form--grid admin-announcement-form" aria-label={label} onSubmit={onSubmit}>
      {children}
      <label htmlFor={`${idPrefix}-body`}>{t`Body (Markdown)`}</label>
      <div className="admin-field">
        <textarea
          id={`${idPrefix}-body`}
          required
          maxLength={ANNOUNCEMENT_BODY_MAX}
          rows={10}
          aria-describedby={`${idPrefix}-body-hint`}
          value={body}
          onChange={(e) => onBody(e.target.value)}
        />
        <span id={`${idPrefix}-body-hint`} className="muted admin-hint">
          <Trans>HTML is shown as text; links may go to this site or to https addresses.</Trans>
        </span>
      </div>
      <div className="admin-row admin-actions">
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy || body.trim() === ''} onClick={onPreview}>
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
          <h3 className="admin-subtitle">{title}</h3>
          <SafeHtml html={preview} />
        </section>
      )}
    </form>
  );
}
