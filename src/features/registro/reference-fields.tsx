/** The inputs of one reference in 'Editar Registro' (registered with the record form). */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../components/ui/text-field';

export function ReferenceText({
  label,
  id,
  type = 'text',
  registration,
  error,
}: {
  label: string;
  id: string;
  type?: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return <TextField id={id} label={label} type={type} error={error} {...registration} />;
}

export function ReferenceSelect({
  label,
  id,
  options,
  current,
  registration,
}: {
  label: string;
  id: string;
  options: readonly string[];
  current: string;
  registration: UseFormRegisterReturn;
}) {
  const list = current && !options.includes(current) ? [current, ...options] : options;
  return <SelectField id={id} label={label} options={list} placeholder="Seleccionar..." {...registration} />;
}
