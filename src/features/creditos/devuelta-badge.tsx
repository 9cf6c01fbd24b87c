/**
 * 'Devuelta' on a row of the credits list (issue 34): the application has a review that is not
 * closed (returned to the advisor, or answered and waiting for the reviewer). Read from the
 * device's store, so it shows offline and goes once the review is closed.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { revisionPendiente } from '../../domain/revision';
import { useLocalDb } from '../../state/local-data';

export function DevueltaBadge({ solicitudId }: { solicitudId: string }) {
  const db = useLocalDb();
  const open = useLiveQuery(
    async () => (await db.revisiones.where('solicitud_id').equals(solicitudId).toArray()).some(revisionPendiente),
    [db, solicitudId],
  );
  if (!open) return null;
  return (
    <span
      data-testid="devuelta-badge"
      className="mt-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-400 ring-inset"
    >
      Devuelta
    </span>
  );
}
