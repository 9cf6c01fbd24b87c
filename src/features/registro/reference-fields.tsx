/** The inputs of one reference in 'Editar Registro' (registered with the record form). */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INPUT } from './field-input';

export function ReferenceText({
  label,
  id,
  type = 'text',
  registration,
}: {
  label: string;
  id: string;
  type?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type={type} className={INPUT} {...registration} />
    </div>
  );
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
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={INPUT} {...registration}>
        <option value="">Seleccionar...</option>
        {list.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

