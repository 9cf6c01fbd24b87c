import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NotificacionFormSchema } from '../../domain/notificacion';
import { editOf, fromLocalInput, initialValues, toLocalInput, toMutationValues } from './notification-form-values';
import type { NotificacionItem } from './use-notificaciones';

const stored: NotificacionItem = {
  id: '0190a000-0000-7000-8000-000000000001',
  tipo: 'contactar_cliente',
  titulo: 'Llamar',
  mensaje: 'Confirmar ingresos',
  prioridad: 'media',
  estado: 'leida',
  fecha_recordatorio: '2026-03-04T15:30:00.000Z',
  fecha_vencimiento: null,
  solicitud_id: null,
  metadata: { accion_requerida: 'contactar_cliente' },
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

describe('notification form values', () => {
  it('a datetime-local value and a stored instant convert both ways; blank or bad is no date', () => {
    expect(fromLocalInput(toLocalInput('2026-03-04T15:30:00.000Z'))).toBe('2026-03-04T15:30:00.000Z');
    expect(toLocalInput(fromLocalInput('2026-03-04T10:05'))).toBe('2026-03-04T10:05');
    // Colombian time whatever the device's zone (the lists show it so): 10:05 there is 15:05 UTC.
    expect(fromLocalInput('2026-03-04T10:05')).toBe('2026-03-04T15:05:00.000Z');
    expect(toLocalInput('2026-03-04T15:30:00.000Z')).toBe('2026-03-04T10:30');
    expect(toLocalInput('2026-03-05T02:00:00.000Z')).toBe('2026-03-04T21:00');
    expect(fromLocalInput('no es fecha')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('no es fecha')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput(undefined)).toBeNull();
  });

  it("fills the form from a notification, keeps a bank change's 'media', an unknown prioridad as normal, and the schema accepts it", () => {
    const values = initialValues(stored);
    expect(values).toMatchObject({ prioridad: 'media', estado: 'leida', accion_requerida: 'contactar_cliente', fecha_vencimiento: '' });
    expect(v.safeParse(NotificacionFormSchema, values).success).toBe(true);
    // Editing only the message of such a notice leaves its priority alone.
    expect(editOf(stored, toMutationValues({ ...values, mensaje: 'Confirmar ingresos y extractos' }))?.changes).toEqual({ mensaje: 'Confirmar ingresos y extractos' });
    const unknown = initialValues({ ...stored, prioridad: 'altisima' });
    expect(unknown.prioridad).toBe('normal');
    expect(v.safeParse(NotificacionFormSchema, unknown).success).toBe(true);
    const blank = initialValues(null);
    expect(v.safeParse(NotificacionFormSchema, blank).issues?.map((i) => i.message)).toEqual([
      'El título es obligatorio',
      'El mensaje es obligatorio',
    ]);
  });

  it('an edit carries only the changed fields, with what was seen as base; nothing changed is no edit', () => {
    const same = toMutationValues(initialValues({ ...stored, prioridad: 'alta' }));
    expect(editOf({ ...stored, prioridad: 'alta' }, same)).toBeNull();
    const edited = toMutationValues({ ...same, titulo: 'Llamar hoy', fecha_vencimiento: '2026-03-10T09:00' });
    expect(editOf({ ...stored, prioridad: 'alta' }, edited)).toEqual({
      changes: { titulo: 'Llamar hoy', fecha_vencimiento: fromLocalInput('2026-03-10T09:00') },
      base: { titulo: 'Llamar', fecha_vencimiento: null },
    });
  });
});
