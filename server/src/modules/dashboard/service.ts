/** The dashboard table's records: shared by its route and the bench's "same queries directly" baseline. */
import { readSnapshot, type Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { buildRecords, loadSolicitudRows } from '../solicitudes/repository';

/** Every application the user may see with its child tables, newest first, as of one moment. */
export function tablaRecords(db: Db, user: AuthUser) {
  return readSnapshot(db, async (tx) => buildRecords(tx, await loadSolicitudRows(tx, visibleSolicitudes(user)), user));
}
