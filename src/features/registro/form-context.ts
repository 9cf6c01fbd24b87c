/** The 'Editar Registro' form as its parts see it (react-hook-form's context, typed by the schema). */
import { get, useFormContext, type FieldErrors } from 'react-hook-form';
import type { RecordEdit } from './record-changes';
import type { EditValues } from './record-values';

export const useRecordForm = () => useFormContext<EditValues, unknown, RecordEdit>();

/** The message of the error at a form path, if any. */
export function errorAt(errors: FieldErrors<EditValues>, path: string): string | undefined {
  const found: unknown = get(errors, path);
  const message = found && typeof found === 'object' ? (found as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
