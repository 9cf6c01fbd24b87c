import { describe, expect, it } from 'vitest';
import { actionLabel, changeLines, entityLabel, fieldLabel, formatValue, leafPaths, leafValue } from './historial-format';
import type { HistorialEntry } from '../../domain/historial';

describe('historial wording', () => {
  it('labels fields with the form labels, known keys and a readable fallback', () => {
    expect(fieldLabel('solicitud.ciudad_solicitud')).toBe('Ciudad de la solicitud');
    expect(fieldLabel('solicitante.nombres')).toBe('Nombres');
    expect(fieldLabel('estado')).toBe('Estado');
    expect(fieldLabel('detalle_referencia.celular')).toBe('Celular');
    expect(entityLabel('observacion')).toBe('Observación');
    expect(actionLabel('cambiarEstado')).toBe('Cambio de estado');
  });

  it('writes values in Spanish and hides the link keys', () => {
    expect(formatValue(null)).toBe('(vacío)');
    expect(formatValue(true)).toBe('Sí');
    expect(formatValue(['a.pdf', 'b.pdf'])).toBe('a.pdf, b.pdf');
    expect(formatValue({ nombre: 'Ana', celular: '300' })).toBe('Nombre: Ana · Celular: 300');
    const lines = changeLines({
      id: 1, fecha: '2025-01-01T00:00:00Z', usuario_id: 1, usuario_nombre: 'Sara', entidad: 'referencia', entidad_id: 'r', accion: 'eliminar',
      cambios: { solicitante_id: { old: 's', new: null }, tipo_referencia: { old: 'personal', new: null } },
    });
    expect(lines).toEqual([{ field: 'tipo_referencia', label: 'Tipo de referencia', before: 'personal', after: '(vacío)' }]);
  });
});

describe('codes of a notification', () => {
  it("reads its type, priority, status and action by their labels, not their codes", () => {
    const lines = changeLines({
      id: 3, fecha: '2025-01-01T00:00:00Z', usuario_id: 1, usuario_nombre: 'Sara', entidad: 'notificacion', entidad_id: 'n', accion: 'crear',
      cambios: {
        tipo: { old: null, new: 'seguimiento_credito' },
        estado: { old: null, new: 'pendiente' },
        prioridad: { old: null, new: 'media' },
        metadata: { old: null, new: { accion_requerida: 'revisar_documentos' } },
      },
    });
    expect(lines.map((l) => [l.label, l.after])).toEqual([
      ['Tipo', 'Seguimiento de crédito'],
      ['Estado', 'Pendiente'],
      ['Prioridad', 'Media'],
      ['Acción requerida', 'Revisar documentos'],
    ]);
    // An observation's 'tipo' is not a notification code.
    const obs = changeLines({ id: 4, fecha: '2025-01-01T00:00:00Z', usuario_id: 1, usuario_nombre: 'Sara', entidad: 'observacion', entidad_id: 'o', accion: 'crear', cambios: { tipo: { old: null, new: 'comentario' } } });
    expect(obs[0].after).toBe('comentario');
  });
});

describe('an e-mail queued again', () => {
  it('reads as a retry of a Correo, its state and the mail server\'s reply in words', () => {
    const entry = {
      id: 5, fecha: '2026-11-27T15:30:00Z', usuario_id: 2, usuario_nombre: 'Sergio Patiño', entidad: 'email', entidad_id: '17', accion: 'reintentar',
      cambios: {
        destinatario: { old: 'supervisor@demo.co', new: 'supervisor@demo.co' },
        estado: { old: 'fallido', new: 'pendiente' },
        ultimo_error: { old: 'EMESSAGE: 550 Buzón no disponible', new: null },
      },
    };
    expect(`${entityLabel(entry.entidad)} · ${actionLabel(entry.accion)}`).toBe('Correo · Reintento de envío');
    expect(changeLines(entry).map((l) => [l.label, l.before, l.after])).toEqual([
      ['Destinatario', 'supervisor@demo.co', 'supervisor@demo.co'],
      ['Estado', 'No se pudo enviar', 'En cola'],
      ['Motivo del fallo', 'El servidor de correo respondió: 550 Buzón no disponible', '(vacío)'],
    ]);
  });
});

describe('values per field', () => {
  it('writes amounts as money, days as dd/mm/yyyy', () => {
    expect(formatValue(222000000, 'solicitud.detalle_credito.monto_solicitado')).toBe('$ 222.000.000');
    expect(formatValue('5000000', 'informacion_financiera.total_ingresos_mensuales')).toBe('$ 5.000.000');
    expect(formatValue(12, 'credito.plazo_meses')).toBe('12');
    expect(formatValue('1990-04-07', 'solicitante.fecha_nacimiento')).toBe('07/04/1990');
  });

  it('writes a choice stored as a code by the label the form offers', () => {
    expect(formatValue('F', 'solicitante.genero')).toBe('Femenino');
    expect(formatValue('CC', 'solicitante.tipo_identificacion')).toBe('Cédula de ciudadanía (CC)');
    expect(formatValue('hipotecario', 'solicitud.detalle_credito.tipo_credito')).toBe('Hipotecario');
    expect(formatValue('libre inversion', 'solicitud.detalle_credito.tipo_credito')).toBe('Libre inversión');
    // The same code under another field stays as written.
    expect(formatValue('F', 'solicitante.info_extra.categoria')).toBe('F');
    const entry = {
      entidad: 'solicitante',
      accion: 'crear',
      cambios: { genero: { old: null, new: 'M' }, tipo_identificacion: { old: null, new: 'CC' } },
    } as unknown as HistorialEntry;
    expect(changeLines(entry).map((l) => [l.label, l.after])).toEqual([
      ['Género', 'Masculino'],
      ['Tipo de identificación', 'Cédula de ciudadanía (CC)'],
    ]);
  });

  it('writes a year as written and a file by its name and size, never its id or type', () => {
    expect(formatValue(2020, 'solicitante.info_extra.vehiculo.modelo')).toBe('2020');
    expect(formatValue(2020, 'solicitante.info_extra.anio_compra')).toBe('2020');
    expect(formatValue(2020, 'solicitante.info_extra.personas')).toBe('2.020');
    const ref = { id: '01a22005-c1f9-7000-8000-000000000001', nombre: 'soporte.pdf', size: 45_000, mime: 'application/pdf' };
    expect(formatValue([ref], 'solicitante.info_extra.soporte')).toBe('soporte.pdf (44 KB)');
  });

  it('splits a nested value into one line per changed leaf, with its label and formatted value', () => {
    const lines = changeLines({
      id: 2, fecha: '2025-01-01T00:00:00Z', usuario_id: 1, usuario_nombre: 'Sara', entidad: 'solicitud', entidad_id: 's', accion: 'editar',
      cambios: {
        'solicitud.detalle_credito': {
          old: { tipo_credito: 'consumo', monto_solicitado: 180000000, plazo_meses: 60 },
          new: { tipo_credito: 'consumo', monto_solicitado: 222000000, plazo_meses: 72 },
        },
      },
    });
    expect(lines).toEqual([
      { field: 'solicitud.detalle_credito.monto_solicitado', label: 'Monto solicitado', before: '$ 180.000.000', after: '$ 222.000.000' },
      { field: 'solicitud.detalle_credito.plazo_meses', label: 'Plazo (meses)', before: '60', after: '72' },
    ]);
  });

  it("names a configured group's sub-fields '<group> · <sub-field>', as the form does", () => {
    const etiquetas = [
      {
        entity: 'solicitud',
        key: 'vehiculo',
        description: 'Vehículo en garantía',
        list_values: { array_type: 'object', object_structure: [{ key: 'marca', type: 'array', description: 'Marca' }, { key: 'matricula', type: 'date' }] },
      },
      { entity: 'solicitante', key: 'marca', description: 'Marca preferida' },
    ];
    const lines = changeLines(
      {
        id: 3, fecha: '2025-01-01T00:00:00Z', usuario_id: 1, usuario_nombre: 'Sara', entidad: 'solicitud', entidad_id: 's', accion: 'editar',
        cambios: { 'solicitud.detalle_credito': { old: { vehiculo: { marca: 'Mazda' } }, new: { vehiculo: { marca: 'Renault', matricula: '2021-03-15' } } } },
      },
      etiquetas,
    );
    expect(lines.map((l) => [l.label, l.before, l.after])).toEqual([
      ['Vehículo en garantía · Marca', 'Mazda', 'Renault'],
      ['Vehículo en garantía · Matricula', '(vacío)', '15/03/2021'],
    ]);
    // The group itself, and a key of the same name elsewhere, keep their own labels.
    expect(fieldLabel('solicitud.detalle_credito.vehiculo', etiquetas)).toBe('Vehículo en garantía');
    expect(fieldLabel('solicitante.info_extra.marca', etiquetas)).toBe('Marca preferida');
  });

  it('finds the leaves that differ between versions, deep', () => {
    expect(leafPaths('a', ['x', 'y'])).toEqual(['a']);
    expect(leafPaths('d', [{ x: 1, y: { z: 1 } }, { x: 1, y: { z: 2 } }, { x: 2, y: { z: 1 } }])).toEqual(['d.x', 'd.y.z']);
    expect(leafValue('d', { y: { z: 3 } }, 'd.y.z')).toBe(3);
  });
});
