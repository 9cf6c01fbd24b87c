import { describe, it, expect, expectTypeOf } from 'vitest';
import * as v from 'valibot';
import {
  ACCIONES,
  nuevaNotificacion,
  transicion,
  ESTADOS,
  ESTADOS_ACTUALES,
  NOTIFICACION_DEFAULTS,
  NotificacionFormSchema,
  PRIORIDADES,
  TIPOS,
  accionParaTipo,
  badgeLabel,
  isFechaIso,
  fechaNotificacion,
  sortPendientes,
  sortHistorial,
  mismoValor,
  valorCampo,
  uuidv7Time,
  EditarNotificacionArgs,
  CrearNotificacionArgs,
  type AccionRequerida,
  type NotificacionForm,
  type TipoNotificacion,
} from './notificacion';
import { uuidv7 } from './ids';

describe('values of spec 01 §3', () => {
  it('lists the eight tipos and the other value sets', () => {
    expect(TIPOS).toHaveLength(8);
    expect(TIPOS).toContain('documentacion_pendiente');
    expect(ESTADOS).toEqual(['pendiente', 'leida', 'completada']);
    expect([...PRIORIDADES].sort()).toEqual(['alta', 'baja', 'normal', 'urgente']);
    expect(ACCIONES).toEqual([
      'revisar_documentos',
      'aprobar_solicitud',
      'solicitar_info',
      'contactar_cliente',
    ]);
    expect(ESTADOS_ACTUALES).toEqual(['pendiente_revision', 'en_proceso', 'aprobada', 'rechazada']);
  });

  it('defaults a new notification as spec 01 §4 says', () => {
    expect(NOTIFICACION_DEFAULTS).toEqual({
      tipo: 'retomar_operacion',
      prioridad: 'normal',
      estado: 'pendiente',
      accion_requerida: 'revisar_documentos',
    });
  });
});

describe('accionParaTipo', () => {
  it.each([
    ['retomar_operacion', 'revisar_documentos'],
    ['revisar_documentos', 'revisar_documentos'],
    ['documentacion_pendiente', 'revisar_documentos'],
    ['analisis_credito', 'revisar_documentos'],
    ['aprobar_solicitud', 'aprobar_solicitud'],
    ['desembolso', 'aprobar_solicitud'],
    ['contactar_cliente', 'contactar_cliente'],
    ['seguimiento_credito', 'solicitar_info'],
  ])('%s -> %s', (tipo, accion) => {
    expect(accionParaTipo(tipo)).toBe(accion);
  });

  it('gives undefined for an unknown tipo', () => {
    expect(accionParaTipo('cambio_banco')).toBeUndefined();
    expect(accionParaTipo('toString')).toBeUndefined();
  });
});

describe('sortPendientes', () => {
  const n = (id: string, prioridad: string | null, created_at: string, estado = 'pendiente') => ({
    id,
    prioridad,
    created_at,
    estado,
  });

  it('keeps only pending items, by priority then newest first', () => {
    const list = [
      n('baja', 'baja', '2025-01-05T00:00:00Z'),
      n('normal-old', 'normal', '2025-01-01T00:00:00Z'),
      n('leida', 'urgente', '2025-01-09T00:00:00Z', 'leida'),
      n('urgente', 'urgente', '2025-01-02T00:00:00Z'),
      n('normal-new', 'normal', '2025-01-03T00:00:00Z'),
      n('alta', 'alta', '2025-01-01T00:00:00Z'),
      n('hecha', 'alta', '2025-01-09T00:00:00Z', 'completada'),
    ];
    expect(sortPendientes(list).map((x) => x.id)).toEqual([
      'urgente',
      'alta',
      'normal-new',
      'normal-old',
      'baja',
    ]);
  });

  it('ranks unknown priorities such as media like normal', () => {
    const list = [
      n('baja', 'baja', '2025-01-09T00:00:00Z'),
      n('normal', 'normal', '2025-01-01T00:00:00Z'),
      n('media', 'media', '2025-01-02T00:00:00Z'),
      n('none', null, '2025-01-03T00:00:00Z'),
      n('alta', 'alta', '2025-01-01T00:00:00Z'),
    ];
    expect(sortPendientes(list).map((x) => x.id)).toEqual([
      'alta',
      'none',
      'media',
      'normal',
      'baja',
    ]);
  });

  it('is stable for equal priority and date, and does not touch its input', () => {
    const list = [
      n('a', 'alta', '2025-01-01T00:00:00Z'),
      n('b', 'alta', '2025-01-01T00:00:00Z'),
      n('c', 'alta', '2025-01-01T00:00:00Z'),
      n('z', 'urgente', 'not a date'),
    ];
    const copy = [...list];
    expect(sortPendientes(list).map((x) => x.id)).toEqual(['z', 'a', 'b', 'c']);
    expect(list).toEqual(copy);
  });

  it('compares instants, not strings, across time zones', () => {
    const list = [
      n('earlier', 'normal', '2025-01-01T10:00:00-05:00'), // 15:00Z
      n('later', 'normal', '2025-01-01T12:00:00Z'),
    ];
    expect(sortPendientes(list).map((x) => x.id)).toEqual(['earlier', 'later']);
  });
});

describe('badgeLabel', () => {
  it('is empty for zero, the count up to 99 and 99+ above', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(5000)).toBe('99+');
  });
});

describe('NotificacionFormSchema', () => {
  const valid = {
    titulo: 'Llamar al cliente',
    mensaje: 'Confirmar ingresos',
    tipo: 'contactar_cliente',
    accion_requerida: 'contactar_cliente',
  };
  const errors = (input: unknown) => {
    const r = v.safeParse(NotificacionFormSchema, input);
    return r.success ? {} : (v.flatten<typeof NotificacionFormSchema>(r.issues).nested ?? {});
  };

  it('types tipo and accion_requerida as their value sets', () => {
    expectTypeOf<NotificacionForm['tipo']>().toEqualTypeOf<TipoNotificacion>();
    expectTypeOf<NotificacionForm['accion_requerida']>().toEqualTypeOf<AccionRequerida>();
  });

  it('accepts a minimal form and trims the texts', () => {
    const r = v.safeParse(NotificacionFormSchema, { ...valid, titulo: '  Llamar  ' });
    expect(r.success).toBe(true);
    if (r.success) expect(r.output.titulo).toBe('Llamar');
  });

  it('requires titulo, mensaje, tipo and accion_requerida with the Spanish messages', () => {
    expect(errors({})).toEqual({
      titulo: ['El título es obligatorio'],
      mensaje: ['El mensaje es obligatorio'],
      tipo: ['El tipo es obligatorio'],
      accion_requerida: ['La acción requerida es obligatoria'],
    });
    expect(
      errors({ ...valid, titulo: '   ', mensaje: '', tipo: '', accion_requerida: '' }),
    ).toEqual({
      titulo: ['El título es obligatorio'],
      mensaje: ['El mensaje es obligatorio'],
      tipo: ['El tipo es obligatorio'],
      accion_requerida: ['La acción requerida es obligatoria'],
    });
  });

  it('limits titulo to 200 and mensaje to 2000 characters', () => {
    expect(v.is(NotificacionFormSchema, { ...valid, titulo: 'x'.repeat(200) })).toBe(true);
    expect(errors({ ...valid, titulo: 'x'.repeat(201) }).titulo).toHaveLength(1);
    expect(v.is(NotificacionFormSchema, { ...valid, mensaje: 'x'.repeat(2000) })).toBe(true);
    expect(errors({ ...valid, mensaje: 'x'.repeat(2001) }).mensaje).toHaveLength(1);
  });

  it('accepts known prioridad and estado values only', () => {
    expect(v.is(NotificacionFormSchema, { ...valid, prioridad: 'urgente', estado: 'leida' })).toBe(
      true,
    );
    expect(v.is(NotificacionFormSchema, { ...valid, prioridad: 'maxima' })).toBe(false);
    expect(v.is(NotificacionFormSchema, { ...valid, estado: 'archivada' })).toBe(false);
  });

  it('accepts empty, ISO date and ISO date-time reminder and due dates', () => {
    for (const fecha of [
      '',
      null,
      undefined,
      '2025-03-01',
      '2025-03-01T09:30',
      '2025-03-01T09:30:15',
      '2025-03-01T09:30:15.123Z',
      '2025-03-01T09:30:00-05:00',
    ]) {
      expect(
        v.is(NotificacionFormSchema, {
          ...valid,
          fecha_recordatorio: fecha,
          fecha_vencimiento: fecha,
        }),
        String(fecha),
      ).toBe(true);
    }
  });

  it('refuses dates that are not ISO or do not exist', () => {
    for (const fecha of ['01/03/2025', '2025-13-01', '2025-02-30', '2025-03-01T25:00', 'mañana']) {
      expect(errors({ ...valid, fecha_vencimiento: fecha }).fecha_vencimiento, fecha).toEqual([
        'Fecha inválida',
      ]);
    }
    expect(isFechaIso('2024-02-29')).toBe(true);
    expect(isFechaIso('2025-02-29')).toBe(false);
  });
});

describe('history order, edit helpers and mutation args', () => {
  it('sorts the history newest first over every estado', () => {
    const list = [
      { id: 'old', created_at: '2025-01-01T00:00:00Z', estado: 'leida' },
      { id: 'new', created_at: '2025-01-03T00:00:00Z', estado: 'completada' },
      { id: 'mid', created_at: '2025-01-02T00:00:00Z', estado: 'pendiente' },
    ];
    expect(sortHistorial(list).map((n) => n.id)).toEqual(['new', 'mid', 'old']);
  });

  it('compares dates as instants and treats empty as null', () => {
    expect(
      mismoValor('fecha_vencimiento', '2025-01-01 10:00:00+00', '2025-01-01T10:00:00.000Z'),
    ).toBe(true);
    expect(mismoValor('fecha_vencimiento', '2025-01-01T10:00:00Z', '2025-01-01T11:00:00Z')).toBe(
      false,
    );
    expect(mismoValor('titulo', '', null)).toBe(true);
    expect(mismoValor('titulo', 'a', 'b')).toBe(false);
  });

  it('reads a plain day as its UTC midnight, never as no date (the model test of sync, seed 51235419)', () => {
    // Its '-18' once read as an hours offset, so the day compared equal to no date at all.
    expect(mismoValor('fecha_recordatorio', null, '2002-08-18')).toBe(false);
    expect(mismoValor('fecha_recordatorio', '2002-08-18', '2002-08-18T00:00:00.000Z')).toBe(true);
    expect(mismoValor('fecha_vencimiento', '2002-08-18 00:00:00+00', '2002-08-18')).toBe(true);
    expect(mismoValor('fecha_vencimiento', '2002-08-18', '2002-08-19')).toBe(false);
    expect(mismoValor('fecha_vencimiento', '2030-01-02T10:00:00-05', '2030-01-02T15:00:00.000Z')).toBe(true);
  });

  it("reads a time without an offset as Colombia's, on every side whatever its time zone", () => {
    expect(fechaNotificacion('2030-01-02T10:00')).toBe('2030-01-02T15:00:00.000Z');
    expect(fechaNotificacion('2030-01-02 10:00:30.5')).toBe('2030-01-02T15:00:30.500Z');
    expect(fechaNotificacion('2030-01-02T10:00:00Z')).toBe('2030-01-02T10:00:00.000Z');
    expect(fechaNotificacion('2030-01-02T10:00:00+0200')).toBe('2030-01-02T08:00:00.000Z');
    expect(fechaNotificacion('2030-01-02')).toBe('2030-01-02T00:00:00.000Z');
    expect(fechaNotificacion('')).toBeNull();
    expect(mismoValor('fecha_vencimiento', '2030-01-02T10:00', '2030-01-02T15:00:00.000Z')).toBe(true);
  });

  it('reads accion_requerida from metadata', () => {
    expect(
      valorCampo({ metadata: { accion_requerida: 'solicitar_info' } }, 'accion_requerida'),
    ).toBe('solicitar_info');
    expect(valorCampo({ titulo: 'x', metadata: {} }, 'titulo')).toBe('x');
  });

  it('reads the time of a UUIDv7', () => {
    const at = Date.UTC(2025, 0, 2, 3, 4, 5);
    expect(uuidv7Time(uuidv7(at))).toBe(new Date(at).toISOString());
    expect(uuidv7Time('0a0a0a0a-0000-4000-8000-000000000000')).toBeNull();
  });

  it('an edit may only carry form fields, each checked like the form', () => {
    const id = uuidv7();
    expect(v.is(EditarNotificacionArgs, { id, changes: { titulo: 'x' }, base: {} })).toBe(true);
    expect(v.is(EditarNotificacionArgs, { id, changes: { empresa_id: 2 }, base: {} })).toBe(false);
    expect(v.is(EditarNotificacionArgs, { id, changes: { titulo: '' }, base: {} })).toBe(false);
    expect(
      v.is(CrearNotificacionArgs, {
        id: 'x',
        titulo: 't',
        mensaje: 'm',
        tipo: 'desembolso',
        accion_requerida: 'aprobar_solicitud',
      }),
    ).toBe(false);
  });
});

describe('transicion (client mutator and server service)', () => {
  it('leida moves only a pending notification; completada anything not completed', () => {
    expect(transicion('pendiente', 'leida')).toBe('leida');
    expect(transicion('leida', 'leida')).toBeNull();
    expect(transicion('completada', 'leida')).toBeNull();
    expect(transicion('pendiente', 'completada')).toBe('completada');
    expect(transicion('leida', 'completada')).toBe('completada');
    expect(transicion('completada', 'completada')).toBeNull();
  });
});

describe('nuevaNotificacion', () => {
  it('fills priority, estado and the application state, and stores dates as ISO instants', () => {
    expect(nuevaNotificacion({ accion_requerida: 'llamar_cliente', fecha_recordatorio: '2026-01-02T10:00:00-05:00' })).toEqual({
      prioridad: 'normal',
      estado: 'pendiente',
      fecha_recordatorio: '2026-01-02T15:00:00.000Z',
      fecha_vencimiento: null,
      metadata: { accion_requerida: 'llamar_cliente', estado_actual: 'pendiente_revision' },
    });
    expect(nuevaNotificacion({ accion_requerida: 'x', prioridad: 'alta', estado: 'leida', estado_actual: 'en_proceso' })).toMatchObject({
      prioridad: 'alta',
      estado: 'leida',
      metadata: { estado_actual: 'en_proceso' },
    });
  });
});
