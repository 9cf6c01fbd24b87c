/**
 * 'Información de Referencias' of the creation form: one numbered fieldset per reference with the
 * company's reference fields (those whose conditions hold), a line saying that a reference is
 * optional, 'Eliminar referencia n' while there is more than one, and 'Agregar referencia' up to
 * MAX_REFERENCIAS.
 */
import { Button } from '../../components/ui/button';
import { FieldInput } from '../../components/fields/field-input';
import type { FieldDefinition } from '../../domain/field-definition';
import { MAX_REFERENCIAS } from '../../domain/registro';
import { visibleFields } from '../../domain/schema-compiler';
import { Section } from './form-parts';
import type { FormState } from './form-state';
import { fieldId } from './invalid-focus';

export function ReferenciasSection({
  referencias,
  fields,
  errors,
  lists,
  onChange,
  onRemove,
  onAdd,
}: {
  referencias: FormState['referencias'];
  /** The company's reference fields. */
  fields: readonly FieldDefinition[];
  errors: Record<string, string>;
  lists: { ciudades: readonly string[]; bancos: readonly string[] };
  onChange: (index: number, key: string, value: unknown) => void;
  onRemove: (referenciaId: string) => void;
  onAdd: () => void;
}) {
  return (
    <Section title="Información de Referencias" wide>
      {referencias.map((ref, index) => (
        <fieldset key={ref.id} className="relative rounded-lg border border-slate-200 p-4" data-testid="referencia">
          <legend className="px-1 text-base font-semibold text-slate-900">Referencia {index + 1}</legend>
          {/* A reference left blank is not sent (spec 02 §5): its '*' binds only once it is filled. */}
          <p className="mb-3 text-sm text-slate-600">Opcional: los campos con * son obligatorios si llenas esta referencia.</p>
          {referencias.length > 1 && (
            <div className="mb-2 flex justify-end sm:absolute sm:top-1 sm:right-3 sm:mb-0">
              <Button variant="danger-outline" onClick={() => onRemove(ref.id)}>
                Eliminar referencia {index + 1}
              </Button>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visibleFields(fields, ref.datos).map((field) => {
              const path = `referencias.${index}.${field.key}`;
              return (
                <FieldInput
                  key={field.key}
                  id={fieldId(path)}
                  field={field}
                  value={ref.datos[field.key]}
                  error={errors[path]}
                  ctx={{ values: ref.datos, ...lists }}
                  onChange={(v) => onChange(index, field.key, v)}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      <Button disabled={referencias.length >= MAX_REFERENCIAS} onClick={onAdd}>
        Agregar referencia
      </Button>
    </Section>
  );
}
