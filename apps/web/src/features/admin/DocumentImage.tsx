import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { fetchDocumentUrl } from './api';

/** One identity document, loaded with the operator's token into an object URL that is let go when it leaves the screen. */
export function DocumentImage({ userId, index }: { userId: string; index: number }) {
  const { t } = useLingui();
  const [state, setState] = useState<{ url: string } | { error: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchDocumentUrl(userId, index, controller.signal).then(
      (made) => {
        url = made;
        setState({ url: made });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: errorMessage(error, t`The document could not be loaded.`) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [userId, index, t]);

  const place = index + 1;
  const label = t`Document ${place}`;
  if (state === null) return <p className="muted admin-document">{t`Loading ${label}`}</p>;
  if ('error' in state) {
    return (
      <p role="alert" className="admin-error admin-document">
        {state.error}
      </p>
    );
  }
  return (
    <a className="admin-document" href={state.url} target="_blank" rel="noreferrer">
      <img src={state.url} alt={label} />
    </a>
  );
}
