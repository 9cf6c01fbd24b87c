/**
 * A value the record holds for a field the form no longer asks (the company deactivated or deleted
 * it in /config): shown read-only under its label, as a person reads it (dates dd/mm/yyyy, Sí/No,
 * amounts of money, a group's sub-fields by their labels, files by name), with a line saying why
 * it cannot be edited. Nothing captured is hidden, and nothing is judged by a type it no longer has.
 */
import type { ListedFile } from '../../components/fields/file-list';
import { FileList } from '../../components/fields/file-list';
import { labelOf, parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { formatDate } from '../../domain/format';
import { formatValue } from './historial-format';

export const NOT_IN_FORM = 'Ya no está en el formulario: se muestra como quedó guardado.';

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** The value as text, read by its definition. */
export function storedText(field: FieldDefinition, value: unknown): string {
  if (field.type === 'date' && typeof value === 'string' && value) return formatDate(value) || value;
  const structure = parseListValues(field.list_values).object_structure;
  if (field.type === 'object' && isObj(value) && structure?.length) {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => {
        const sub = structure.find((s) => s.key === k);
        return sub ? `${labelOf(sub)}: ${formatValue(v, k)}` : formatValue({ [k]: v });
      });
    if (parts.length) return parts.join(' · ');
  }
  return formatValue(value, field.key);
}

export function StoredField({ id, field, value, files }: { id: string; field: FieldDefinition; value: unknown; files?: readonly ListedFile[] }) {
  const noteId = `${id}-nota`;
  return (
    <div className="flex flex-col gap-1 sm:col-span-2" role="group" aria-labelledby={`${id}-label`} aria-describedby={noteId} data-testid="campo-guardado">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {labelOf(field)}
      </span>
      {files?.length ? (
        <FileList files={files} />
      ) : (
        <p id={id} className="rounded-md bg-slate-50 px-3 py-2 text-slate-900 [overflow-wrap:anywhere]">
          {storedText(field, value)}
        </p>
      )}
      <p id={noteId} className="text-xs text-slate-600">
        {NOT_IN_FORM}
      </p>
    </div>
  );
}
