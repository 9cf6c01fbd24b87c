import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { mutate } from '../../db/mutate';
import { uuidv7 } from '../../domain/ids';
import {
  ACCION_LABELS,
  ACCIONES,
  CAMPOS_EDITABLES,
  ESTADO_LABELS,
  ESTADOS,
  NOTIFICACION_DEFAULTS,
  NotificacionFormSchema,
  PRIORIDAD_LABELS,
  PRIORIDADES,
  TIPO_LABELS,
  TIPOS,
  accionParaTipo,
  mismoValor,
  valorCampo,
  type CampoEditable,
  type NotificacionFormInput,
} from '../../domain/notificacion';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { INPUT_CLASS } from '../../components/ui/text-field';
import type { NotificacionItem } from './use-notificaciones';
import { useAtomValue } from 'jotai';
import { announceQueued } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';

type FormValues = {
  titulo: string;
  mensaje: string;
  tipo: string;
  accion_requerida: string;
  prioridad: string;
  estado: string;
  fecha_recordatorio: string;
  fecha_vencimiento: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant as the value of an <input type="datetime-local"> in local time. */
export function toLocalInput(value: unknown): string {
  if (!value) return '';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a datetime-local input (local time) as an ISO instant; '' is no date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function initialValues(n: NotificacionItem | null): FormValues {
  if (!n) {
    return {
      titulo: '',
      mensaje: '',
      tipo: NOTIFICACION_DEFAULTS.tipo,
      accion_requerida: NOTIFICACION_DEFAULTS.accion_requerida,
      prioridad: NOTIFICACION_DEFAULTS.prioridad,
      estado: NOTIFICACION_DEFAULTS.estado,
      fecha_recordatorio: '',
      fecha_vencimiento: '',
    };
  }
  return {
    titulo: n.titulo ?? '',
    mensaje: n.mensaje ?? '',
    tipo: n.tipo ?? '',
    accion_requerida: String(n.metadata?.accion_requerida ?? ''),
    prioridad: (PRIORIDADES as readonly string[]).includes(n.prioridad) ? n.prioridad : 'normal',
    estado: n.estado ?? 'pendiente',
    fecha_recordatorio: toLocalInput(n.fecha_recordatorio),
    fecha_vencimiento: toLocalInput(n.fecha_vencimiento),
  };
}

const inputClass = INPUT_CLASS;

/**
 * 'Nueva Notificación' / 'Editar Notificación'. Saving is a local mutation: it shows at once and
 * is sent when there is a connection. An edit sends only the changed fields, with the values the
 * user saw as `base` (a field someone else changed meanwhile becomes a conflict in the panel).
 */
export function NotificationFormModal({
  notificacion,
  solicitudId,
  onClose,
}: {
  /** null to create. */
  notificacion: NotificacionItem | null;
  /** The application a new notification belongs to. */
  solicitudId: string | null;
  onClose: () => void;
}) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const editing = notificacion !== null;
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, FormValues>({
    defaultValues: initialValues(notificacion),
    resolver: async (values, context, options) => {
      const result = await valibotResolver(NotificacionFormSchema)(
        values as NotificacionFormInput,
        context,
        options as never,
      );
      return Object.keys(result.errors).length
        ? { values: {}, errors: result.errors }
        : { values, errors: {} };
    },
  });

  const guard = useDiscardGuard(isDirty && !saving, onClose);

  const tipoField = register('tipo', {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const accion = accionParaTipo(e.target.value);
      if (accion) setValue('accion_requerida', accion, { shouldValidate: true });
    },
  });

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const data = {
        ...values,
        fecha_recordatorio: fromLocalInput(values.fecha_recordatorio),
        fecha_vencimiento: fromLocalInput(values.fecha_vencimiento),
      } as Record<CampoEditable, string | null>;
      if (!editing) {
        const id = await mutate(db, 'notificacion.crear', {
          ...(data as NotificacionFormInput),
          id: uuidv7(),
          solicitud_id: solicitudId,
        });
        announceQueued(db, client, id, { sent: 'Notificación creada' });
      } else {
        const changes: Record<string, unknown> = {};
        const base: Record<string, unknown> = {};
        for (const campo of CAMPOS_EDITABLES) {
          const seen = valorCampo(notificacion, campo);
          if (mismoValor(campo, seen, data[campo])) continue;
          changes[campo] = data[campo];
          base[campo] = seen;
        }
        if (Object.keys(changes).length) {
          const id = await mutate(db, 'notificacion.editar', { id: notificacion.id, changes, base });
          announceQueued(db, client, id, { sent: 'Notificación actualizada' });
        }
      }
      onClose();
    } catch (error) {
      toast.error(editing ? 'Error al actualizar notificación' : 'Error al crear notificación', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSaving(false);
    }
  };

  const field = (
    name: keyof FormValues,
    label: string,
    control: React.ReactNode,
    required = false,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${formId}-${name}`} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {errors[name]?.message && (
        <p id={`${formId}-${name}-error`} className="text-sm text-red-700">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  const a11y = (name: keyof FormValues) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });

  return (
    <Dialog
      title={editing ? 'Editar Notificación' : 'Nueva Notificación'}
      onClose={guard.requestClose}
      footer={
        <>
          <Button onClick={guard.requestClose}>Cancelar</Button>
          <Button type="submit" form={formId} variant="primary" busy={saving} busyLabel="Guardando...">
            {editing ? 'Guardar cambios' : 'Crear notificación'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => void handleSubmit(submit)(e)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          {field(
            'titulo',
            'Título',
            <input
              {...register('titulo')}
              {...a11y('titulo')}
              className={inputClass}
              maxLength={200}
            />,
            true,
          )}
        </div>
        <div className="sm:col-span-2">
          {field(
            'mensaje',
            'Mensaje',
            <textarea
              {...register('mensaje')}
              {...a11y('mensaje')}
              rows={3}
              className={inputClass}
              maxLength={2000}
            />,
            true,
          )}
        </div>
        {field(
          'tipo',
          'Tipo',
          <select {...tipoField} {...a11y('tipo')} className={inputClass}>
            {TIPOS.map((t) => (
              <option key={t} value={t}>
                {TIPO_LABELS[t]}
              </option>
            ))}
          </select>,
          true,
        )}
        {field(
          'accion_requerida',
          'Acción requerida',
          <select
            {...register('accion_requerida')}
            {...a11y('accion_requerida')}
            className={inputClass}
          >
            <option value="">Selecciona una acción</option>
            {ACCIONES.map((a) => (
              <option key={a} value={a}>
                {ACCION_LABELS[a]}
              </option>
            ))}
          </select>,
          true,
        )}
        {field(
          'prioridad',
          'Prioridad',
          <select {...register('prioridad')} {...a11y('prioridad')} className={inputClass}>
            {PRIORIDADES.map((p) => (
              <option key={p} value={p}>
                {PRIORIDAD_LABELS[p]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'estado',
          'Estado',
          <select {...register('estado')} {...a11y('estado')} className={inputClass}>
            {ESTADOS.map((s) => (
              <option key={s} value={s}>
                {ESTADO_LABELS[s]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'fecha_recordatorio',
          'Fecha de recordatorio',
          <input
            type="datetime-local"
            {...register('fecha_recordatorio')}
            {...a11y('fecha_recordatorio')}
            className={inputClass}
          />,
        )}
        {field(
          'fecha_vencimiento',
          'Fecha de vencimiento',
          <input
            type="datetime-local"
            {...register('fecha_vencimiento')}
            {...a11y('fecha_vencimiento')}
            className={inputClass}
          />,
        )}
      </form>
      {guard.prompt}
    </Dialog>
  );
}
