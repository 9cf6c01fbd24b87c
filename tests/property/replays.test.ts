/**
 * Failures the model test of sync found (tests/property/sync-devices.property.test.ts), replayed
 * as unit tests of the code that failed, so each stays fixed without a long run:
 * - seed 20261123, path "8:2:2:3:1…" (args drawn from the schemas): a note whose fecha_creacion
 *   is '0000-10-10T00:00:00+20' passed `isoTimestamp`, `Date.parse` cannot read it (an offset
 *   without minutes) and the server answered 500 (`new Date(NaN).toISOString()`); the schema now
 *   asks for a date that parses, from 1900 on, on both sides;
 * - seed 20261123, path "0:1:0…": an edit of `solicitante.nombres` to [] (its value is `unknown`
 *   to the schema: the server judges its kind and refuses it) made the device's search log throw a
 *   TypeError while queuing, so the change was neither queued nor refused.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AgregarObservacionArgs } from '../../src/domain/registro-mutations';
import { sortKeys } from '../../src/db/search-log';
import type { SolicitudRow } from '../../src/db/database';

const ids = { solicitudId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', observacionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c' };

describe('replays of the model test of sync', () => {
  it('a note dated before 1900 is refused as an invalid date; one of today is not', () => {
    const at = (fecha_creacion: string) => v.safeParse(AgregarObservacionArgs, { ...ids, observacion: 'Llamó', fecha_creacion });
    const old = at('0000-10-10T00:00:00+20');
    expect(old.success).toBe(false);
    expect(old.issues?.[0].message).toBe('Fecha inválida');
    expect(at('1899-12-31T23:59:59Z').success).toBe(false);
    expect(at('0000-01-01T00:00:00Z').success).toBe(false);
    expect(at('2026-11-26T19:00:00.000Z').success).toBe(true);
  });

  it("the search log's sort keys take a name part of any kind", () => {
    const row = (nombres: unknown) => ({ solicitud: { id: ids.solicitudId }, solicitante: { nombres, primer_apellido: 'Pérez' } }) as unknown as SolicitudRow;
    expect(sortKeys(row([])).name).toBe('Pérez');
    expect(sortKeys(row({ a: 1 })).name).toBe('Pérez');
    expect(sortKeys(row(7)).name).toBe('7 Pérez');
    expect(sortKeys(row('  Ana ')).name).toBe('Ana Pérez');
  });
});
