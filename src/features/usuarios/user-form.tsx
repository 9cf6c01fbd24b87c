import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import * as v from 'valibot';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import {
  ContrasenaEdicionSchema,
  INFO_EXTRA_KEYS,
  INFO_EXTRA_LABELS,
  PASSWORD_MIN,
  UsuarioNuevoSchema,
  type UsuarioNuevo,
} from '../../domain/usuario';

/** What the form holds: plain strings, as typed. */
export interface UserFormValues {
  nombre: string;
  cedula: string;
  correo: string;
  contraseña: string;
  rol: string;
  info_extra: { ciudad: string; banco_nombre: string; linea_credito: string };
}

const CreateSchema = UsuarioNuevoSchema;
const EditSchema = v.object({ ...UsuarioNuevoSchema.entries, contraseña: ContrasenaEdicionSchema });
/** The parsed form: trimmed, e-mail lowercased, empty info_extra entries dropped. */
export type UserFormOutput = Omit<UsuarioNuevo, 'contraseña'> & { contraseña: string };

export const EMPTY_USER_FORM: UserFormValues = {
  nombre: '',
  cedula: '',
  correo: '',
  contraseña: '',
  rol: '',
  info_extra: { ciudad: '', banco_nombre: '', linea_credito: '' },
};

const INPUT =
  'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600';

function Field({
  label,
  error,
  registration,
  type = 'text',
  required,
  hint,
  autoComplete,
}: {
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
  type?: string;
  required?: boolean;
  hint?: string;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true" className="text-red-700"> *</span>}
      </label>
      <input
        id={id}
        type={type}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        autoComplete={autoComplete}
        {...registration}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface UserFormProps {
  mode: 'create' | 'edit';
  /** The form's id, so the dialog footer's submit button can sit outside the form. */
  formId: string;
  defaults?: UserFormValues;
  roles: readonly Role[];
  onSubmit: (values: UserFormOutput) => Promise<void> | void;
}

/**
 * The fields of 'Crear Nuevo Usuario' and of the edit mode of 'Detalles del Usuario': nombre,
 * cédula, correo, contraseña and rol required (on edit a blank password keeps the current one),
 * plus info_extra {ciudad, banco_nombre, linea_credito}; validated with the server's schema.
 */
export function UserForm({ mode, formId, defaults = EMPTY_USER_FORM, roles, onSubmit }: UserFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    defaultValues: defaults,
    resolver: valibotResolver(mode === 'create' ? CreateSchema : EditSchema) as never,
  });
  const rolId = useId();
  const options = roles.includes(defaults.rol as Role) || !defaults.rol ? roles : [...roles, defaults.rol as Role];

  return (
    <form id={formId} noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="grid gap-4 sm:grid-cols-2">
      <Field label="Nombre" required registration={register('nombre')} error={errors.nombre} autoComplete="off" />
      <Field label="Cédula" required registration={register('cedula')} error={errors.cedula} autoComplete="off" />
      <Field label="Correo" type="email" required registration={register('correo')} error={errors.correo} autoComplete="off" />
      <Field
        label="Contraseña"
        type="password"
        required={mode === 'create'}
        registration={register('contraseña')}
        error={errors.contraseña}
        autoComplete="new-password"
        hint={mode === 'edit' ? 'Déjala en blanco para conservar la actual.' : `Mínimo ${PASSWORD_MIN} caracteres.`}
      />
      <div>
        <label htmlFor={rolId} className="mb-1 block text-sm font-medium text-slate-800">
          Rol<span aria-hidden="true" className="text-red-700"> *</span>
        </label>
        <select
          id={rolId}
          className={INPUT}
          aria-invalid={errors.rol ? true : undefined}
          aria-describedby={errors.rol ? `${rolId}-error` : undefined}
          {...register('rol')}
        >
          <option value="">Selecciona un rol</option>
          {options.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r] ?? r}
            </option>
          ))}
        </select>
        {errors.rol?.message && (
          <p id={`${rolId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.rol.message}
          </p>
        )}
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Información adicional</legend>
        {INFO_EXTRA_KEYS.map((key) => (
          <Field
            key={key}
            label={INFO_EXTRA_LABELS[key]}
            registration={register(`info_extra.${key}`)}
            error={errors.info_extra?.[key]}
            autoComplete="off"
          />
        ))}
      </fieldset>
    </form>
  );
}

/** Form values for an existing user (the password always starts blank). */
export function userFormValues(u: { nombre: string; cedula: string; correo: string; rol: string; info_extra: Record<string, unknown> }): UserFormValues {
  const text = (k: string) => (typeof u.info_extra?.[k] === 'string' ? (u.info_extra[k] as string) : '');
  return {
    nombre: u.nombre,
    cedula: u.cedula,
    correo: u.correo,
    contraseña: '',
    rol: String(u.rol).toLowerCase(),
    info_extra: { ciudad: text('ciudad'), banco_nombre: text('banco_nombre'), linea_credito: text('linea_credito') },
  };
}
