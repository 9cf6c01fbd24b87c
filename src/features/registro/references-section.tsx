/**
 * 'Información de Referencias': each reference ('Referencia N') with the fields the company defines
 * for references, drawn like the creation form's; add up to three. 'Eliminar Referencia N' marks
 * the reference for deletion: it is queued with the rest of the edit on Guardar, 'No eliminar'
 * takes it back, and Cancelar › 'Descartar cambios' leaves it on the record. A new one with
 * nothing typed simply goes away.
 */
import { useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { FieldContext } from '../../components/fields/field-input';
import { Button } from '../../components/ui/button';
import type { FieldDefinition } from '../../domain/field-definition';
import { uuidv7 } from '../../domain/ids';
import { MAX_REFERENCIAS } from '../../domain/registro-mutations';
import { isReferenceFilled } from '../../domain/schema-compiler';
import { EntityFields } from './entity-fields';
import { errorAt, useRecordForm } from './form-context';
import { newReference } from './record-values';
import { FIELD_GRID, Section } from './section';

export const REFERENCIA_SE_ELIMINARA = 'Se eliminará al guardar.';

interface Props {
  fields: readonly FieldDefinition[];
  lists: Omit<FieldContext, 'values'>;
  canEdit: boolean;
}

function ReferenceItem({ index, fields, lists }: { index: number; fields: readonly FieldDefinition[]; lists: Omit<FieldContext, 'values'> }) {
  const { control, clearErrors } = useRecordForm();
  const path = `referencias.${index}.datos` as const;
  const { field } = useController({ control, name: path });
  const { errors } = useFormState({ control, name: path });
  return (
    <div className={FIELD_GRID}>
      <EntityFields
        path={path}
        fields={fields}
        values={field.value}
        lists={lists}
        errorOf={(key) => errorAt(errors, `${path}.${key}`)}
        onChange={(next, key) => {
          clearErrors(`${path}.${key}`);
          field.onChange(next);
        }}
      />
    </div>
  );
}

export function ReferencesSection({ fields, lists, canEdit }: Props) {
  const { control, setValue } = useRecordForm();
  const refs = useFieldArray({ control, name: 'referencias', keyName: 'key' });
  const values = useWatch({ control, name: 'referencias' }) ?? [];
  const removed = (i: number) => values[i]?.eliminada === true;

  const remove = (index: number) => {
    const ref = values[index];
    if (ref?.isNew && !isReferenceFilled(ref.datos ?? {})) {
      refs.remove(index);
      return;
    }
    setValue(`referencias.${index}.eliminada`, true, { shouldDirty: true });
  };
  const keep = (index: number) => setValue(`referencias.${index}.eliminada`, false, { shouldDirty: true });

  const full = refs.fields.filter((_, i) => !removed(i)).length >= MAX_REFERENCIAS;
  return (
    <Section title="Información de Referencias" testId="seccion-referencias">
      {refs.fields.length === 0 && <p className="mb-3 text-slate-600">No hay referencias registradas.</p>}
      <div className="space-y-4">
        {refs.fields.map((ref, i) => (
          <fieldset key={ref.key} className="rounded-md border border-slate-200 p-3" data-testid="referencia">
            <legend className="px-1 font-semibold text-slate-800">Referencia {i + 1}</legend>
            {removed(i) ? (
              <div className="flex flex-wrap items-center justify-between gap-3" data-testid="referencia-eliminada">
                <p className="text-slate-700">
                  <span className="line-through">{String(values[i]?.datos?.nombre ?? '').trim() || `Referencia ${i + 1}`}</span>{' '}
                  <span className="font-medium text-red-800">{REFERENCIA_SE_ELIMINARA}</span>
                </p>
                <Button variant="secondary" onClick={() => keep(i)}>
                  No eliminar
                </Button>
              </div>
            ) : (
              <>
                <ReferenceItem index={i} fields={fields} lists={lists} />
                {canEdit && (
                  <div className="mt-3 flex justify-end">
                    <Button variant="danger-outline" onClick={() => remove(i)}>
                      Eliminar Referencia {i + 1}
                    </Button>
                  </div>
                )}
              </>
            )}
          </fieldset>
        ))}
      </div>
      {canEdit && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button disabled={full} onClick={() => refs.append(newReference(uuidv7()))}>
            Agregar referencia
          </Button>
          {full && <span className="text-sm text-slate-600">Máximo {MAX_REFERENCIAS} referencias.</span>}
        </div>
      )}
    </Section>
  );
}
