import type { SolicitudRecord } from '../domain/solicitud';

/** A complete record for the list's tests; `patch` overrides whole blocks. */
export function record(id: string, patch: Partial<SolicitudRecord> = {}): SolicitudRecord {
  const at = '2025-03-10T15:00:00.000Z';
  return {
    id,
    solicitante: {
      id: `s-${id}`,
      nombres: 'José',
      primer_apellido: 'Pérez',
      segundo_apellido: null,
      correo: 'jose@example.co',
      numero_documento: '1020304050',
      tipo_identificacion: 'CC',
      fecha_nacimiento: '1990-04-05',
      genero: null,
      info_extra: {},
    },
    ubicacion: null,
    actividad_economica: null,
    informacion_financiera: null,
    solicitud: {
      id,
      estado: 'Pendiente',
      banco_nombre: null,
      ciudad_solicitud: null,
      tipo_credito: null,
      detalle_credito: {},
      preferencias_notificacion: { email: true, sms: false },
      radicado: 'RAD-1',
      created_by_user_id: 1,
      assigned_to_user_id: null,
      created_at: at,
      updated_at: at,
    },
    referencias: [],
    observaciones: [],
    documentos: [],
    ...patch,
  };
}
