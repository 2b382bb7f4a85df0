import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { fetchDocumentUrl } from './api';

export type DocumentUrlState = { url: string } | { error: string } | null;

/** One identity document, read with the operator's token into an object URL that is let go when it leaves the screen. */
export function useDocumentUrl(userId: string, index: number): DocumentUrlState {
  const { t } = useLingui();
  const [state, setState] = useState<DocumentUrlState>(null);

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

  return state;
}
