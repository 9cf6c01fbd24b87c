import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { SelectField, TextField } from '../../components/ui/text-field';
import {
  ContrasenaEdicionSchema,
  cleanInfoExtra,
  INFO_EXTRA_KEYS,
  InfoTextSchema,
  INFO_EXTRA_LABELS,
  PASSWORD_MIN,
  RolSchema,
  UsuarioNuevoSchema,
} from '../../domain/usuario';

/**
 * The form's schemas: the server's entries (UsuarioNuevoSchema) over what the inputs hold, plain
 * strings as typed ('' before a rol is chosen, the three info_extra inputs always present). The
 * form's value and output types are inferred from them, so the resolver needs no cast.
 */
const formEntries = {
  ...UsuarioNuevoSchema.entries,
  rol: v.pipe(v.string('El rol es obligatorio'), RolSchema),
  info_extra: v.pipe(
    v.object({ ciudad: InfoTextSchema, banco_nombre: InfoTextSchema, linea_credito: InfoTextSchema }),
    v.transform((value) => cleanInfoExtra(value)),
  ),
};
const CreateSchema = v.object(formEntries);
/** On edit a blank password keeps the current one. */
const EditSchema = v.object({ ...formEntries, contraseña: ContrasenaEdicionSchema.wrapped });

/** What the form holds: plain strings, as typed. */
export type UserFormValues = v.InferInput<typeof CreateSchema>;
/** The parsed form: trimmed, e-mail lowercased, empty info_extra entries dropped. */
export type UserFormOutput = v.InferOutput<typeof CreateSchema>;
type UserFormSchema = v.GenericSchema<UserFormValues, UserFormOutput>;
/** The schema the form validates with, per mode (exported for its test). */
export const USER_FORM_SCHEMAS: Record<UserFormProps['mode'], UserFormSchema> = { create: CreateSchema, edit: EditSchema };

export const EMPTY_USER_FORM: UserFormValues = {
  nombre: '',
  cedula: '',
  correo: '',
  contraseña: '',
  rol: '',
  info_extra: { ciudad: '', banco_nombre: '', linea_credito: '' },
};

interface UserFormProps {
  mode: 'create' | 'edit';
  /** The form's id, so the dialog footer's submit button can sit outside the form. */
  formId: string;
  defaults?: UserFormValues;
  roles: readonly Role[];
  /** The company's bank list: Banco is chosen from it. */
  bancos: readonly string[];
  /** Field errors of a refused save (`correo` for a taken e-mail): the fields are marked. */
  refused?: Record<string, string> | null;
  onSubmit: (values: UserFormOutput) => Promise<void> | void;
  /** Told whether the form holds edits not yet saved (the dialog asks before discarding them). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The fields of 'Crear Nuevo Usuario' and of the edit mode of 'Detalles del Usuario': nombre,
 * cédula, correo, contraseña and rol required (on edit a blank password keeps the current one),
 * plus info_extra {ciudad, banco_nombre, linea_credito}; validated with the server's schema.
 */
export function UserForm({ mode, formId, defaults = EMPTY_USER_FORM, roles, bancos, refused, onSubmit, onDirtyChange }: UserFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    defaultValues: defaults,
    resolver: valibotResolver(USER_FORM_SCHEMAS[mode]),
    shouldFocusError: false,
  });
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    const fields = Object.entries(refused ?? {}).filter(([k]) => k === 'correo' || k === 'info_extra.banco_nombre' || k === 'rol');
    for (const [k, message] of fields) setError(k as 'correo', { type: 'server', message });
    if (fields.length) setFocus(fields[0][0] as 'correo');
  }, [refused, setError, setFocus]);
  // A bank the user already has stays selectable even when the list no longer holds it.
  const current = defaults.info_extra.banco_nombre;
  const bancoOptions = current && !bancos.includes(current) ? [...bancos, current] : bancos;
  const options = roles.includes(defaults.rol as Role) || !defaults.rol ? roles : [...roles, defaults.rol as Role];

  const onInvalid = (errs: typeof errors) => {
    // After a failed save the first invalid field gets the focus, scrolled into view.
    const first = FIELD_ORDER.find((k) => (k === 'info_extra' ? false : errs[k]));
    if (first) setFocus(first);
  };

  return (
    <form id={formId} noValidate onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} className="grid gap-4 sm:grid-cols-2">
      <TextField label="Nombre" required {...register('nombre')} error={errors.nombre?.message} autoComplete="off" />
      <TextField label="Cédula" required {...register('cedula')} error={errors.cedula?.message} autoComplete="off" />
      <TextField label="Correo" type="email" required {...register('correo')} error={errors.correo?.message} autoComplete="off" />
      <TextField
        label="Contraseña"
        type="password"
        required={mode === 'create'}
        {...register('contraseña')}
        error={errors.contraseña?.message}
        autoComplete="new-password"
        hint={mode === 'edit' ? 'Déjala en blanco para conservar la actual.' : `Mínimo ${PASSWORD_MIN} caracteres.`}
      />
      <SelectField
        label="Rol"
        required
        {...register('rol')}
        error={errors.rol?.message}
        placeholder="Selecciona un rol"
        options={options.map((r) => ({ value: r, label: ROLE_LABELS[r] ?? r }))}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Información adicional</legend>
        {INFO_EXTRA_KEYS.map((key) =>
          key === 'banco_nombre' ? (
            <SelectField
              key={key}
              label={INFO_EXTRA_LABELS[key]}
              {...register('info_extra.banco_nombre')}
              error={errors.info_extra?.banco_nombre?.message}
              placeholder="Sin banco"
              options={bancoOptions.map((b) => ({ value: b, label: b }))}
            />
          ) : (
            <TextField
              key={key}
              label={INFO_EXTRA_LABELS[key]}
              {...register(`info_extra.${key}`)}
              error={errors.info_extra?.[key]?.message}
              autoComplete="off"
            />
          ),
        )}
      </fieldset>
    </form>
  );
}

const FIELD_ORDER = ['nombre', 'cedula', 'correo', 'contraseña', 'rol', 'info_extra'] as const;

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
