import { describe, expect, it } from 'vitest';
import { actionLabel, changeLines, entityLabel, fieldLabel, formatValue } from './historial-format';

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
