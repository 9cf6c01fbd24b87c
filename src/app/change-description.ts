/**
 * How 'Cambios pendientes' names a queued or rejected change: what kind of change, whom it is
 * about (the applicant and radicado, 'sin radicar' for one not yet filed; the user; the
 * notification) and what it changes, field by field with the form's labels. Pure: the caller looks
 * the subjects up in the local store (`subjectIds`) and passes them in.
 */
import type { DefinicionEtiqueta } from '../domain/field-definition';
import { mutationLabel } from '../domain/mutations';
import { formatValue, fieldLabel, leafPaths, leafValue } from '../features/registro/historial-format';

/** 'Cambio de estado': the label of src/domain/mutations.ts (the raw name for one this version does not know). */
export const changeLabel = mutationLabel;

export const NOT_FILED = 'sin radicar';

/** What the local store knows of the things changes are about. */
export interface Subjects {
  solicitudes: ReadonlyMap<string, { nombre: string; radicado: string | null }>;
  notificaciones: ReadonlyMap<string, string>;
  usuarios: ReadonlyMap<number, string>;
  /** The company's field definitions: a configured field reads by the label its administrator gave it. */
  etiquetas?: readonly DefinicionEtiqueta[];
}

export interface ChangeDescription {
  /** 'Cambio de estado'. */
  title: string;
  /** 'Ana Pérez · RAD-7K2M9QXD', 'Ana Pérez · sin radicar', 'Usuario Camila Ruiz'… or null. */
  subject: string | null;
  /** 'Estado: Aprobado', 'Nombres, Barrio'… or null. */
  detail: string | null;
}

type Args = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The ids a change is about, to look up before describing it. */
export function subjectIds(args: unknown): { solicitud: string | null; notificacion: string | null; usuario: number | null } {
  const a = (args && typeof args === 'object' ? args : {}) as Args;
  return {
    solicitud: str(a.solicitudId) ?? str(a.solicitud_id),
    notificacion: str(a.id),
    usuario: typeof a.usuarioId === 'number' ? a.usuarioId : null,
  };
}

function solicitudSubject(a: Args, subjects: Subjects): string | null {
  const id = str(a.solicitudId);
  if (!id) return null;
  const known = subjects.solicitudes.get(id);
  if (known) return `${known.nombre} · ${known.radicado ?? NOT_FILED}`;
  // A new application not in the list yet: its applicant is in the change itself.
  const s = a.solicitante as { nombres?: unknown; primer_apellido?: unknown } | undefined;
  const nombre = [str(s?.nombres), str(s?.primer_apellido)].filter(Boolean).join(' ');
  return nombre ? `${nombre} · ${NOT_FILED}` : null;
}

const fieldList = (paths: readonly string[], etiquetas: readonly DefinicionEtiqueta[] = []) =>
  [...new Set(paths.map((p) => fieldLabel(p, etiquetas)))].join(', ');

export function describeChange(name: string, args: unknown, subjects: Subjects): ChangeDescription {
  const a = (args && typeof args === 'object' ? args : {}) as Args;
  const title = changeLabel(name);
  const [entity] = name.split('.');
  let subject: string | null = null;
  let detail: string | null = null;

  if (entity === 'solicitud' || entity === 'referencia' || entity === 'observacion' || entity === 'documento' || entity === 'revision') {
    subject = solicitudSubject(a, subjects);
  }
  switch (name) {
    case 'solicitud.cambiarEstado':
      detail = `Estado: ${formatValue(a.estado)}`;
      break;
    case 'solicitud.editar':
    case 'notificacion.editar':
    case 'usuario.editar': {
      const changes = (a.changes ?? {}) as Args;
      const base = (a.base ?? {}) as Args;
      // A nested value (detalle_credito) is named by the leaves that change in it.
      const leaves = Object.keys(changes)
        .filter((k) => k !== 'contraseña')
        .flatMap((k) => leafPaths(k, [base[k], changes[k]]));
      detail = fieldList(leaves, subjects.etiquetas) || null;
      // A blank password keeps the current one (the schema fills in '' when the form left it blank).
      if (name === 'usuario.editar' && str(changes.contraseña)) detail = [detail, 'Contraseña'].filter(Boolean).join(', ');
      break;
    }
    case 'referencia.agregar':
    case 'referencia.editar': {
      const d = (a.detalle_referencia ?? {}) as Args;
      detail = str(d.nombre) ?? (Object.keys(d).length ? fieldList(Object.keys(d), subjects.etiquetas) : null);
      break;
    }
    case 'referencia.eliminar': {
      // The reference by its name, as the device saw it (its base), when it had one.
      const seen = ((a.base as Args | undefined)?.detalle_referencia ?? {}) as Args;
      detail = str(seen.nombre);
      break;
    }
    case 'observacion.agregar': {
      const text = str(a.observacion) ?? '';
      detail = text.length > 80 ? `${text.slice(0, 77)}…` : text || null;
      break;
    }
    case 'revision.devolver':
    case 'revision.responder': {
      // The flagged fields, by their labels.
      const list = (name === 'revision.devolver' ? a.campos : a.respuestas) as Array<{ campo?: unknown }> | undefined;
      detail = fieldList((Array.isArray(list) ? list : []).flatMap((c) => (str(c.campo) ? [str(c.campo)!] : [])), subjects.etiquetas) || null;
      break;
    }
    case 'perfil.editar':
      detail = fieldList(['nombre', 'correo'].filter((k) => k in a));
      break;
  }
  if (entity === 'notificacion') {
    const titulo = str(a.titulo) ?? (str(a.id) ? subjects.notificaciones.get(str(a.id)!) : undefined);
    if (name === 'notificacion.marcarTodasLeidas') {
      const n = Array.isArray(a.ids) ? a.ids.length : 0;
      subject = n === 1 ? '1 notificación' : `${n} notificaciones`;
    } else if (titulo) subject = `Notificación «${titulo}»`;
    const sol = str(a.solicitud_id);
    const known = sol ? subjects.solicitudes.get(sol) : undefined;
    if (known) subject = [subject, `${known.nombre} · ${known.radicado ?? NOT_FILED}`].filter(Boolean).join(' · ');
  }
  if (entity === 'usuario') {
    const nombre = str(a.nombre) ?? (typeof a.usuarioId === 'number' ? subjects.usuarios.get(a.usuarioId) : undefined);
    if (nombre) subject = `Usuario ${nombre}`;
  }
  return { title, subject, detail };
}

/**
 * What a refused edit of an application held, as the person typed it ('Barrio: Barrio Borrado ·
 * Monto solicitado: $ 222.000.000'), so a change the server will never take (the application was
 * deleted meanwhile) can still be read and typed again elsewhere. Null for other changes.
 */
export function changedValues(name: string, args: unknown, etiquetas: readonly DefinicionEtiqueta[] = []): string | null {
  if (name !== 'solicitud.editar') return null;
  const a = (args && typeof args === 'object' ? args : {}) as Args;
  const changes = (a.changes ?? {}) as Args;
  const base = (a.base ?? {}) as Args;
  const parts = Object.keys(changes).flatMap((k) =>
    leafPaths(k, [base[k], changes[k]]).map((leaf) => `${fieldLabel(leaf, etiquetas)}: ${formatValue(leafValue(k, changes[k], leaf), leaf)}`),
  );
  return parts.length ? parts.join(' · ') : null;
}
