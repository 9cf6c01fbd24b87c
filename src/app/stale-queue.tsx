/**
 * Changes left unsent for days are at risk: some browsers clear a site's storage after 7 days
 * without use. Past 5 days the main screen says so above every screen (not only inside 'Cambios
 * pendientes'), with 'Ver cambios' opening the panel, until the queue empties.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button } from '../components/ui/button';
import { localDbAtom } from '../state/local-data';
import { syncPanelAtom } from '../state/sync-panel';

const FIVE_DAYS = 5 * 24 * 3600 * 1000;

export const STALE_QUEUE_MESSAGE =
  'Tienes cambios sin enviar desde hace más de 5 días. Conéctate pronto: algunos navegadores borran los datos guardados tras 7 días sin uso.';

/** Whether the oldest unsent change (its `at`) is more than 5 days old at `now`. */
export function isStaleQueue(oldestAt: string | undefined, now: number = Date.now()): boolean {
  if (!oldestAt) return false;
  const at = new Date(oldestAt).getTime();
  return Number.isFinite(at) && now - at > FIVE_DAYS;
}

export function StaleQueueBanner() {
  const db = useAtomValue(localDbAtom);
  const openPanel = useSetAtom(syncPanelAtom);
  const oldest = useLiveQuery(async () => (db ? (await db.outbox.orderBy('id').first())?.at : undefined), [db]);
  if (!isStaleQueue(oldest)) return null;
  return (
    <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-300" data-testid="banner-cola-antigua">
      <p className="font-medium">{STALE_QUEUE_MESSAGE}</p>
      <Button onClick={() => openPanel({ open: true })}>Ver cambios</Button>
    </div>
  );
}
