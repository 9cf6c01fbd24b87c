import { useEffect } from 'react';
import { toast } from 'sonner';
import type { RadicaDB } from '../db/database';
import { sentWhileClosedText, takeSentWhileClosed } from '../sw/sent-while-closed';

/**
 * Tells, once, what the service worker sent while the app was closed (Background Sync), when the
 * signed-in user's database opens.
 */
export function useSentWhileClosedNotice(db: RadicaDB | null) {
  useEffect(() => {
    if (!db) return;
    let cancelled = false;
    void takeSentWhileClosed(db)
      .then((sent) => {
        const text = sent && sentWhileClosedText(sent);
        if (text && !cancelled) toast.success(text, { id: 'enviado-sin-app', duration: 12_000 });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [db]);
}
