import { describe, expect, it } from 'vitest';
import { changedValues, describeChange, type Subjects } from './change-description';

const subjects: Subjects = {
  solicitudes: new Map([
    ['0190a000-0000-7000-8000-000000000001', { nombre: 'Ana Pérez', radicado: 'RAD-7K2M9QXD' }],
    ['0190a000-0000-7000-8000-000000000002', { nombre: 'Luis Gómez', radicado: null }],
  ]),
  notificaciones: new Map([['0190a000-0000-7000-8000-00000000000a', 'Llamar al cliente']]),
  usuarios: new Map([[7, 'Camila Ruiz']]),
};

describe('what Cambios pendientes says about a change', () => {
  it('names the applicant and radicado, or sin radicar', () => {
    expect(describeChange('solicitud.cambiarEstado', { solicitudId: '0190a000-0000-7000-8000-000000000001', estado: 'Aprobado' }, subjects)).toEqual({
      title: 'Cambio de estado',
      subject: 'Ana Pérez · RAD-7K2M9QXD',
      detail: 'Estado: Aprobado',
    });
    expect(describeChange('solicitud.editar', { solicitudId: '0190a000-0000-7000-8000-000000000002', changes: { 'solicitante.nombres': 'L', 'ubicacion.barrio': 'B' } }, subjects)).toEqual({
      title: 'Edición de solicitud',
      subject: 'Luis Gómez · sin radicar',
      detail: 'Nombres, Barrio',
    });
  });

  it('names a deleted reference by the name the device saw', () => {
    const args = { solicitudId: '0190a000-0000-7000-8000-000000000001', referenciaId: '0190a000-0000-7000-8000-0000000000f1' };
    expect(describeChange('referencia.eliminar', { ...args, base: { tipo_referencia: null, detalle_referencia: { nombre: 'Lucía Prada' } } }, subjects)).toEqual({
      title: 'Eliminación de referencia',
      subject: 'Ana Pérez · RAD-7K2M9QXD',
      detail: 'Lucía Prada',
    });
    expect(describeChange('referencia.eliminar', args, subjects).detail).toBeNull();
  });

  it('names the leaves of a nested value that change', () => {
    const d = describeChange(
      'solicitud.editar',
      {
        solicitudId: '0190a000-0000-7000-8000-000000000001',
        changes: { 'solicitud.detalle_credito': { tipo_credito: 'consumo', monto_solicitado: 2 }, 'ubicacion.barrio': 'B' },
        base: { 'solicitud.detalle_credito': { tipo_credito: 'consumo', monto_solicitado: 1 }, 'ubicacion.barrio': 'A' },
      },
      subjects,
    );
    expect(d.detail).toBe('Monto solicitado, Barrio');
  });

  it('names the application and the flagged fields of a review transition (issue 34)', () => {
    const d = describeChange(
      'revision.responder',
      {
        solicitudId: '0190a000-0000-7000-8000-000000000001',
        revisionId: '0190a000-0000-7000-8000-0000000000aa',
        respuestas: [{ campo: 'informacion_financiera.detalle_financiera.ingreso_basico_mensual', respuesta: '' }, { campo: 'documentos', respuesta: 'x' }],
      },
      subjects,
    );
    expect(d).toEqual({ title: 'Respuesta a correcciones', subject: 'Ana Pérez · RAD-7K2M9QXD', detail: 'Ingreso básico mensual, Documentos' });
  });

  it('names a new application by the applicant in the change', () => {
    const d = describeChange('solicitud.crear', { solicitudId: '0190a000-0000-7000-8000-000000000009', solicitante: { nombres: 'Marta', primer_apellido: 'Díaz' } }, subjects);
    expect(d.subject).toBe('Marta Díaz · sin radicar');
  });

  it('names notifications and users, never the password value', () => {
    expect(describeChange('notificacion.marcarLeida', { id: '0190a000-0000-7000-8000-00000000000a' }, subjects).subject).toBe('Notificación «Llamar al cliente»');
    expect(describeChange('usuario.editar', { usuarioId: 7, changes: { rol: 'admin', contraseña: 'x' } }, subjects)).toEqual({
      title: 'Edición de usuario',
      subject: 'Usuario Camila Ruiz',
      detail: 'Rol, Contraseña',
    });
    // A blank password (the form's 'déjala en blanco') keeps the current one: not a change.
    expect(describeChange('usuario.editar', { usuarioId: 7, changes: { nombre: 'Camila R', contraseña: '' } }, subjects).detail).toBe('Nombre');
  });
});

describe('what a refused edit held', () => {
  it('lists each changed field with the value the person typed, money in pesos', () => {
    expect(
      changedValues('solicitud.editar', {
        solicitudId: '0190a000-0000-7000-8000-000000000001',
        changes: { 'ubicacion.barrio': 'Barrio Borrado', 'solicitud.detalle_credito': { monto_solicitado: 222_000_000, plazo_meses: 60 } },
        base: { 'ubicacion.barrio': 'Centro', 'solicitud.detalle_credito': { monto_solicitado: 200_000_000, plazo_meses: 60 } },
      }),
    ).toBe('Barrio: Barrio Borrado · Monto solicitado: $ 222.000.000');
  });

  it("names a field the company configured by its label, in the change's line and in what it held", () => {
    const etiquetas = [{ entity: 'informacion_financiera', key: 'bono_anual_x', description: 'Bonificación de fin de año' }];
    const args = {
      solicitudId: '0190a000-0000-7000-8000-000000000001',
      changes: { 'informacion_financiera.detalle_financiera': { bono_anual_x: 'sí' } },
      base: { 'informacion_financiera.detalle_financiera': { bono_anual_x: 'no' } },
    };
    expect(describeChange('solicitud.editar', args, { ...subjects, etiquetas }).detail).toBe('Bonificación de fin de año');
    expect(changedValues('solicitud.editar', args, etiquetas)).toBe('Bonificación de fin de año: sí');
  });

  it('is null for other changes', () => {
    expect(changedValues('solicitud.cambiarEstado', { solicitudId: 'x', estado: 'Aprobado' })).toBeNull();
  });
});
