/**
 * The resolver schema of 'Editar Registro': the values' shape (EditValuesSchema, from which the
 * form's type is inferred), then the judgement of what changed (record-changes.ts). Its output is
 * what to save, so the form's submit handler receives a RecordEdit, typed, with no cast. Each
 * refused value becomes an issue at its form path, where react-hook-form shows it.
 */
import * as v from 'valibot';
import type { SolicitudRecord } from '../../domain/solicitud';
import { recordEdit, type RecordEdit } from './record-changes';
import { EditValuesSchema, type EditValues, type RecordFields } from './record-values';

export function editSchema(record: SolicitudRecord, fields: RecordFields, initial: EditValues) {
  return v.pipe(
    EditValuesSchema,
    v.rawTransform<EditValues, RecordEdit>(({ dataset, addIssue, NEVER }) => {
      const r = recordEdit(record, fields, dataset.value, initial);
      if (r.ok) return r.edit;
      for (const [path, message] of Object.entries(r.fields)) {
        const [first, ...rest] = path.split('.').map((key) => ({ type: 'object' as const, origin: 'value' as const, input: dataset.value, key, value: undefined }));
        addIssue({ message, path: [first, ...rest] });
      }
      return NEVER;
    }),
  );
}

export type { RecordEdit };
