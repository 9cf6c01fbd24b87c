/**
 * 'Información del Crédito': the application's status and filing number, its own fields (type,
 * amount, term, bank, city and the company's), and the fields of the credit kind its type maps
 * to. Choosing a type of another kind shows that kind's fields, filled with what the record holds
 * for it, if anything (on save the other kinds' sub-objects are dropped, spec 01 §4).
 */
import { useController, useFormState } from 'react-hook-form';
import type { FieldContext } from '../../components/fields/field-input';
import { StatusBadge } from '../../components/ui/status-badge';
import { CREDIT_KIND_LABELS, creditKind } from '../../domain/credito';
import type { SolicitudRecord } from '../../domain/solicitud';
import { EntityFields } from './entity-fields';
import { errorAt, useRecordForm } from './form-context';
import { creditValues, type RecordFields } from './record-values';
import { FIELD_GRID, Section } from './section';

const text = (x: unknown) => (typeof x === 'string' ? x : null);

export function CreditSection({
  record,
  live,
  fields,
  lists,
}: {
  /** The record the form was built from (its other kinds' data). */
  record: SolicitudRecord;
  /** The record as it is now on this device (status, filing number). */
  live: SolicitudRecord;
  fields: RecordFields;
  lists: Omit<FieldContext, 'values'>;
}) {
  const { control, clearErrors } = useRecordForm();
  const solicitud = useController({ control, name: 'solicitud' }).field;
  const credito = useController({ control, name: 'credito' }).field;
  const { errors } = useFormState({ control, name: ['solicitud', 'credito'] });
  const kind = creditKind(text(solicitud.value.tipo_credito));

  return (
    <Section title="Información del Crédito" testId="seccion-credito">
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span>
          Estado: <StatusBadge estado={live.solicitud.estado} />
        </span>
        {live.solicitud.radicado && <span>Radicado: {live.solicitud.radicado}</span>}
      </div>
      <div className={FIELD_GRID}>
        <EntityFields
          path="solicitud"
          fields={fields.entities.solicitud}
          values={solicitud.value}
          lists={lists}
          errorOf={(key) => errorAt(errors, `solicitud.${key}`)}
          fileEntity="solicitud"
          onChange={(next, key) => {
            clearErrors(`solicitud.${key}`);
            const nextKind = creditKind(text(next.tipo_credito));
            if (nextKind !== kind) {
              clearErrors('credito');
              credito.onChange(creditValues(record, nextKind, fields));
            }
            solicitud.onChange(next);
          }}
        />
      </div>
      <fieldset className="mt-4 rounded-md border border-slate-200 p-3" data-testid="detalle-credito">
        <legend className="px-1 font-semibold text-slate-800" data-testid="tipo-detalle-credito">
          {CREDIT_KIND_LABELS[kind]}
        </legend>
        <div className={FIELD_GRID}>
          <EntityFields
            path="credito"
            fields={fields.credito[kind]}
            values={credito.value}
            lists={lists}
            errorOf={(key) => errorAt(errors, `credito.${key}`)}
            onChange={(next, key) => {
              clearErrors(`credito.${key}`);
              credito.onChange(next);
            }}
          />
        </div>
      </fieldset>
    </Section>
  );
}
