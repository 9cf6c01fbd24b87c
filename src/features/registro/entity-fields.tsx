/**
 * The fields of one group of values in 'Editar Registro' (an entity, the credit's kind, a
 * reference), drawn with the creation form's field renderer: only those whose condition holds,
 * in their order, each with its error. A change goes through the creation form's rule
 * (src/domain/form-values.ts): an activity or department change clears what depended on it.
 */
import { FieldInput, type FieldContext } from '../../components/fields/field-input';
import type { FieldDefinition } from '../../domain/field-definition';
import { setEntityValue } from '../../domain/form-values';
import { visibleFields } from '../../domain/schema-compiler';
import { useReview } from './review-context';
import { FlaggedField } from './review-note';

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
}

const wide = (f: FieldDefinition) => f.type === 'text' || /direccion/.test(f.key);

export function EntityFields({ path, fields, values, lists, errorOf, onChange }: Props) {
  const review = useReview();
  return (
    <>
      {visibleFields(fields, values).map((field) => {
        const input = (
          <FieldInput
            key={field.key}
            id={fieldId(`${path}.${field.key}`)}
            field={field}
            value={values[field.key]}
            error={errorOf(field.key)}
            ctx={{ values, ...lists }}
            className={wide(field) ? 'sm:col-span-2' : undefined}
            onChange={(value) => {
              const next = setEntityValue(values, field.key, value, fields);
              const twin = TWINS[field.key];
              if (twin && twin in values) next[twin] = value;
              onChange(next, field.key);
            }}
          />
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
