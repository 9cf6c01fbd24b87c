/**
 * The eight inputs of the notification form, each with its label ('*' when required), its
 * message under it, and aria-invalid/aria-describedby pointing at that message. Choosing a 'Tipo'
 * that implies an action fills 'Acción requerida' (accionParaTipo).
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { INPUT_CLASS } from '../../components/ui/text-field';
import {
  ACCION_LABELS,
  ACCIONES,
  ESTADO_LABELS,
  ESTADOS,
  PRIORIDAD_LABELS,
  PRIORIDADES,
  PRIORIDADES_DEL_SISTEMA,
  TIPO_LABELS,
  TIPOS,
  accionParaTipo,
  type NotificacionFormInput,
} from '../../domain/notificacion';

type Name = keyof NotificacionFormInput;

export function NotificationFields({
  formId,
  register,
  setValue,
  errors,
  prioridadActual,
}: {
  /** Prefix of the inputs' ids (the form's own id). */
  formId: string;
  /** The priority of the notification being edited, as stored. */
  prioridadActual?: string | null;
  register: UseFormRegister<NotificacionFormInput>;
  setValue: UseFormSetValue<NotificacionFormInput>;
  errors: FieldErrors<NotificacionFormInput>;
}) {
  const tipoField = register('tipo', {
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      const accion = accionParaTipo(e.target.value);
      if (accion) setValue('accion_requerida', accion, { shouldValidate: true });
    },
  });

  const field = (name: Name, label: string, control: ReactNode, required = false) => (
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
  const a11y = (name: Name) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });

  return (
    <>
      <div className="sm:col-span-2">
        {field(
          'titulo',
          'Título',
          <input
            {...register('titulo')}
            {...a11y('titulo')}
            className={INPUT_CLASS}
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
            className={INPUT_CLASS}
            maxLength={2000}
          />,
          true,
        )}
      </div>
      {field(
        'tipo',
        'Tipo',
        <select {...tipoField} {...a11y('tipo')} className={INPUT_CLASS}>
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
          className={INPUT_CLASS}
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
        <select {...register('prioridad')} {...a11y('prioridad')} className={INPUT_CLASS}>
          {PRIORIDADES.map((p) => (
            <option key={p} value={p}>
              {PRIORIDAD_LABELS[p]}
            </option>
          ))}
          {/* A bank change's notice keeps its 'Media' unless someone picks another one. */}
          {PRIORIDADES_DEL_SISTEMA.filter((p) => p === prioridadActual).map((p) => (
            <option key={p} value={p}>
              {PRIORIDAD_LABELS[p]}
            </option>
          ))}
        </select>,
      )}
      {field(
        'estado',
        'Estado',
        <select {...register('estado')} {...a11y('estado')} className={INPUT_CLASS}>
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
          className={INPUT_CLASS}
        />,
      )}
      {field(
        'fecha_vencimiento',
        'Fecha de vencimiento',
        <input
          type="datetime-local"
          {...register('fecha_vencimiento')}
          {...a11y('fecha_vencimiento')}
          className={INPUT_CLASS}
        />,
      )}
    </>
  );
}
