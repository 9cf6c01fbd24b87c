/**
 * The fields of one group of values in 'Editar Registro' (an entity, the credit's kind, a
 * reference), drawn with the creation form's field renderer: only those whose condition holds,
 * in their order, each with its error. A value of a field the form no longer asks is shown
 * read-only (stored-field.tsx). A change goes through the creation form's rule
 * (src/domain/form-values.ts): an activity or department change clears what depended on it.
 */
import { FieldInput, type FieldContext } from '../../components/fields/field-input';
import type { FieldDefinition } from '../../domain/field-definition';
import { setEntityValue } from '../../domain/form-values';
import { visibleFields } from '../../domain/schema-compiler';
import { refsOf, useEditFiles } from './edit-files';
import { useRecordForm } from './form-context';
import { useReview } from './review-context';
import { FlaggedField } from './review-note';
import { RestoredField, useRestoredPaths } from './restored-draft';
import { StoredField } from './stored-field';

/** The id of a field's control: 'campo-solicitante-nombres', 'campo-referencias-0-nombre'. */
export const fieldId = (path: string) => `campo-${path.replace(/\./g, '-')}`;

/** Keys kept equal: the activity type is stored in a column and in detalle_actividad. */
const TWINS: Record<string, string> = { tipo_actividad: 'tipo_actividad_economica', tipo_actividad_economica: 'tipo_actividad' };

interface Props {
  /** The form path of these values ('solicitante', 'credito', 'referencias.0.datos'). */
  path: string;
  fields: readonly FieldDefinition[];
  values: Record<string, unknown>;
  lists: Omit<FieldContext, 'values'>;
  errorOf: (key: string) => string | undefined;
  /** The values after one field changed, and which key the person changed. */
  onChange: (next: Record<string, unknown>, key: string) => void;
  /**
   * The entity whose definitions these are, when its file fields take files here (the server
   * applies the policy of `entity.key` to the upload); without it a file field only lists its files.
   */
  fileEntity?: string;
}

const wide = (f: FieldDefinition) => f.type === 'text' || /direccion/.test(f.key);

export function EntityFields({ path, fields, values, lists, errorOf, onChange, fileEntity }: Props) {
  const review = useReview();
  const files = useEditFiles();
  const { setError } = useRecordForm();
  const restored = useRestoredPaths();
  const change = (field: FieldDefinition, value: unknown) => {
    const next = setEntityValue(values, field.key, value, fields);
    const twin = TWINS[field.key];
    if (twin && twin in values) next[twin] = value;
    onChange(next, field.key);
  };
  return (
    <>
      {visibleFields(fields, values).map((field) => {
        if (field.isActive === false) {
          const shown = <StoredField key={field.key} id={fieldId(`${path}.${field.key}`)} field={field} value={values[field.key]} files={field.type === 'file' ? files?.listed(values[field.key]) : undefined} />;
          const flagged = review?.flags.find((f) => f.field.formPath === `${path}.${field.key}`);
          return flagged ? <FlaggedField key={field.key} view={flagged}>{shown}</FlaggedField> : shown;
        }
        const fileProps =
          field.type === 'file' && files
            ? {
                files: files.listed(values[field.key]),
                ...(fileEntity && {
                  onAddFiles: async (list: File[]) => {
                    const { refs, error } = await files.choose(fileEntity, field, list, values[field.key]);
                    if (refs) change(field, refs);
                    if (error) setError(`${path}.${field.key}` as never, { type: 'file', message: error });
                  },
                  onRemoveFile: (id: string) => {
                    const left = refsOf(values[field.key]).filter((r) => r.id !== id);
                    change(field, left.length ? left : null);
                  },
                }),
              }
            : {};
        const isRestored = restored?.has(`${path}.${field.key}`) === true;
        const control = (
          <FieldInput
            key={field.key}
            id={fieldId(`${path}.${field.key}`)}
            field={field}
            value={values[field.key]}
            error={errorOf(field.key)}
            ctx={{ values, ...lists }}
            className={wide(field) && !isRestored ? 'sm:col-span-2' : undefined}
            onChange={(value) => change(field, value)}
            {...fileProps}
          />
        );
        // A change brought back from a draft (restored-draft.tsx): marked until saved or discarded.
        const input = isRestored ? (
          <RestoredField key={field.key} wide={wide(field)}>
            {control}
          </RestoredField>
        ) : (
          control
        );
        // A field a review flagged: highlighted, with the reviewer's comment beside it (review-note.tsx).
        const flag = review?.flags.find((f) => f.field.formPath === `${path}.${field.key}`);
        return flag ? (
          <FlaggedField key={field.key} view={flag}>
            {input}
          </FlaggedField>
        ) : (
          input
        );
      })}
    </>
  );
}
