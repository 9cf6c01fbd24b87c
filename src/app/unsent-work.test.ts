import { describe, expect, it } from 'vitest';
import type { UnsentWork } from '../db/device-data';
import type { DefinicionEtiqueta } from '../domain/field-definition';
import { describeUnsentWork } from './unsent-work';

const at = '2026-11-27T14:05:00.000Z';
const subjects = {
  solicitudes: new Map([['s-old', { nombre: 'Marta Gómez', radicado: 'RAD-7K2M9QXD' }]]),
  notificaciones: new Map<string, string>(),
  usuarios: new Map<number, string>(),
  etiquetas: [{ entity: 'informacion_financiera', key: 'valor_bono', description: 'Bonificación de fin de año' }] as unknown as DefinicionEtiqueta[],
};

describe("a deactivated account's unsent work, for a supervisor", () => {
  it('names every value by its label, with money and dates as a person writes them', () => {
    const work: UnsentWork = {
      outbox: [
        {
          id: 4,
          name: 'solicitud.crear',
          at,
          status: 'pending',
          attempts: 0,
          args: {
            solicitudId: 's-new',
            solicitanteId: 'x',
            solicitante: { nombres: 'Ana', primer_apellido: 'Pérez', tipo_identificacion: 'CC', fecha_nacimiento: '1990-03-14', correo: '' },
            actividad_economica: { tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado' },
            informacion_financiera: { valor_bono: 2500000 },
            solicitud: { detalle_credito: { monto_solicitado: 180000000 } },
            referencias: [{ id: 'r', datos: { nombre: 'Luis' } }],
            acepta_terminos: true,
            acepta_firma: true,
          },
        },
        {
          id: 5,
          name: 'solicitud.editar',
          at,
          status: 'pending',
          attempts: 0,
          args: { solicitudId: 's-old', changes: { solicitud: { detalle_credito: { monto_solicitado: 222000000 } } }, base: { solicitud: { detalle_credito: { monto_solicitado: 180000000 } } } },
        },
      ],
      problems: [{ id: 3, name: 'solicitud.cambiarEstado', args: { solicitudId: 's-old', estado: 'Aprobado' }, at, code: 'CONFLICT', error: 'Otra persona cambió el estado.' }],
      drafts: [{ id: 'd', kind: 'solicitud', updatedAt: at, values: { values: { solicitante: { nombres: 'Luis', primer_apellido: 'Díaz' } }, referencias: [], files: [{ nombre: 'cedula.pdf' }] } }],
      files: [{ id: 'f', blob: new Blob(['x']), nombre: 'extracto.pdf', mime: 'application/pdf', size: 1, ownerSolicitudId: 's-new', mutationId: 4, status: 'pending' }],
    };
    const [crear, editar, rechazado, borrador] = describeUnsentWork(work, subjects);
    expect(crear).toEqual({
      tipo: 'Nueva solicitud',
      asunto: 'Ana Pérez · sin radicar',
      guardado: '27/11/2026 09:05',
      campos: {
        Nombres: 'Ana',
        'Primer apellido': 'Pérez',
        'Tipo de identificación': 'Cédula de ciudadanía (CC)',
        'Fecha de nacimiento': '14/03/1990',
        'Tipo de actividad económica': 'Empleado',
        'Bonificación de fin de año': '$ 2.500.000',
        'Monto solicitado': '$ 180.000.000',
        'Referencia 1 · Nombre': 'Luis',
        'Acepta términos y condiciones': 'Sí',
        'Acepta firma electrónica': 'Sí',
      },
      archivos: ['extracto.pdf'],
    });
    expect(editar).toMatchObject({ asunto: 'Marta Gómez · RAD-7K2M9QXD', campos: { 'Monto solicitado': '$ 222.000.000 (antes: $ 180.000.000)' } });
    expect(rechazado).toMatchObject({ rechazo: 'Otra persona cambió el estado.', asunto: 'Marta Gómez · RAD-7K2M9QXD' });
    expect(borrador).toMatchObject({ tipo: 'Borrador de nueva solicitud', asunto: 'Luis Díaz · sin radicar', campos: { Nombres: 'Luis', 'Primer apellido': 'Díaz' }, archivos: ['cedula.pdf'] });
  });
  it("describes an unsaved 'Editar Registro' draft: whom it is about and each changed field with what it was", () => {
    const groups = { solicitante: {}, ubicacion: {}, actividad_economica: {}, informacion_financiera: {}, solicitud: {}, credito: {} };
    const defaults = {
      ...groups,
      informacion_financiera: { valor_bono: 1000000 },
      referencias: [{ id: 'r1', isNew: false, eliminada: false, datos: { nombre: 'Luis Gil', celular: '3109876543' } }],
      preferencias: { email: true, sms: false },
    };
    const values = {
      ...defaults,
      informacion_financiera: { valor_bono: 2500000 },
      referencias: [{ ...defaults.referencias[0]!, eliminada: true }],
    };
    const record = { id: 's-old', solicitante: { nombres: 'Marta', primer_apellido: 'Gómez' }, solicitud: { radicado: 'RAD-7K2M9QXD' } };
    const work: UnsentWork = {
      outbox: [],
      problems: [],
      drafts: [{ id: 'registro:s-old', kind: 'registro', updatedAt: at, values: { solicitudId: 's-old', record, defaults, values } }],
      files: [],
    };
    expect(describeUnsentWork(work, subjects)).toEqual([
      {
        tipo: 'Borrador de edición de solicitud',
        asunto: 'Marta Gómez · RAD-7K2M9QXD',
        guardado: '27/11/2026 09:05',
        campos: { 'Bonificación de fin de año': '$ 2.500.000 (antes: $ 1.000.000)', 'Referencia 1': 'Eliminar (Luis Gil)' },
        archivos: [],
      },
    ]);
  });
});
