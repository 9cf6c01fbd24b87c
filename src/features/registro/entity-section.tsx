/** One section of 'Editar Registro' holding one entity's fields (applicant, location, work, finances). */
import { useController, useFormState } from 'react-hook-form';
import type { FieldContext } from '../../components/fields/field-input';
import type { EditEntity } from '../../domain/campos-registro';
import type { FieldDefinition } from '../../domain/field-definition';
import { EntityFields } from './entity-fields';
import { errorAt, useRecordForm } from './form-context';
import { FIELD_GRID, Section } from './section';

export function EntitySection({
  entity,
  title,
  testId,
  fields,
  lists,
}: {
  entity: Exclude<EditEntity, 'solicitud'>;
  title: string;
  testId: string;
  fields: readonly FieldDefinition[];
  lists: Omit<FieldContext, 'values'>;
}) {
  const { control, clearErrors } = useRecordForm();
  const { field } = useController({ control, name: entity });
  const { errors } = useFormState({ control, name: entity });
  return (
    <Section title={title} testId={testId}>
      <div className={FIELD_GRID}>
        <EntityFields
          path={entity}
          fields={fields}
          values={field.value}
          lists={lists}
          errorOf={(key) => errorAt(errors, `${entity}.${key}`)}
          fileEntity={entity}
          onChange={(next, key) => {
            clearErrors(`${entity}.${key}`);
            field.onChange(next);
          }}
        />
      </div>
    </Section>
  );
}
