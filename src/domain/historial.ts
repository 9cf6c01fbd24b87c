/**
 * One entry of 'Historial de cambios' as GET /api/solicitudes/{id}/historial answers it: an audit
 * row with its author's name; `cambios` holds each changed field's old and new value (secrets
 * already redacted by the server).
 */
export interface HistorialEntry {
  id: number;
  fecha: string;
  usuario_id: number | null;
  usuario_nombre: string | null;
  entidad: string;
  entidad_id: string;
  accion: string;
  cambios: Record<string, { old: unknown; new: unknown }>;
}
