/**
 * 'Información de Referencias': each reference ('Referencia N') with the fields the company defines
 * for references, drawn like the creation form's; add up to three. Removing a reference already
 * on the record queues its deletion at once (spec 01 §2: add and remove); one added here and not
 * saved yet simply goes away.
 */
import { useAtomValue } from 'jotai';
import { useController, useFieldArray, useFormState } from 'react-hook-form';
import { toast } from 'sonner';
import type { FieldContext } from '../../components/fields/field-input';
import { Button } from '../../components/ui/button';
import { mutate } from '../../db/mutate';
import type { FieldDefinition } from '../../domain/field-definition';
import { uuidv7 } from '../../domain/ids';
import { MAX_REFERENCIAS } from '../../domain/registro-mutations';
import { reportDelivery } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { EntityFields } from './entity-fields';
import { errorAt, useRecordForm } from './form-context';
import { newReference } from './record-values';
import { FIELD_GRID, Section } from './section';

interface Props {
  solicitudId: string;
  subjectLine: string;
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

export function ReferencesSection({ solicitudId, subjectLine, fields, lists, canEdit }: Props) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const { control } = useRecordForm();
  const refs = useFieldArray({ control, name: 'referencias', keyName: 'key' });

  const remove = async (index: number) => {
    const ref = refs.fields[index];
    if (ref.isNew) {
      refs.remove(index);
      return;
    }
    try {
      const id = await mutate(db, 'referencia.eliminar', { solicitudId, referenciaId: ref.id });
      refs.remove(index);
      void reportDelivery(db, [id], { sent: 'Referencia eliminada', description: subjectLine }, { client, online: navigator.onLine });
    } catch (error) {
      toast.error('No se pudo eliminar la referencia', { description: error instanceof Error ? error.message : undefined });
    }
  };

  const full = refs.fields.length >= MAX_REFERENCIAS;
  return (
    <Section title="Información de Referencias" testId="seccion-referencias">
      {refs.fields.length === 0 && <p className="mb-3 text-slate-600">No hay referencias registradas.</p>}
      <div className="space-y-4">
        {refs.fields.map((ref, i) => (
          <fieldset key={ref.key} className="rounded-md border border-slate-200 p-3" data-testid="referencia">
            <legend className="px-1 font-semibold text-slate-800">Referencia {i + 1}</legend>
            <ReferenceItem index={i} fields={fields} lists={lists} />
            {canEdit && (
              <div className="mt-3 flex justify-end">
                <Button variant="danger-outline" onClick={() => void remove(i)}>
                  Eliminar Referencia {i + 1}
                </Button>
              </div>
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
