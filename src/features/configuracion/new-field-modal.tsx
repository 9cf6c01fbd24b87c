/**
 * 'Crear Nuevo': a new field, always. The dialog starts empty, asks which group the field belongs
 * to, and closes once the field is created; it never opens a group's existing fields for editing
 * (that is each group's 'Editar').
 */
import { useState } from 'react';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { plural } from '../../domain/format';
import type { FieldDefinition } from '../../domain/field-definition';
import { useOfflineLock, type ConfigWrite } from './config-api';
import { FieldEditor } from './field-editor';
import type { FieldGroup } from './groups';
import { btn, ErrorBox, input, label, Modal } from './ui';
import { useAddField } from './use-add-field';

export function NewFieldModal({
  groups,
  fieldsOf,
  write,
  onClose,
}: {
  /** The groups a field can be added to (not 'Campos Fijos'). */
  groups: FieldGroup[];
  fieldsOf: (g: FieldGroup) => FieldDefinition[];
  write: ConfigWrite;
  onClose: () => void;
}) {
  const [group, setGroup] = useState(groups[0]);
  const adder = useAddField(group, fieldsOf(group), write);
  const lock = useOfflineLock();
  const formId = 'nuevo-campo-form';
  // A field typed in and not created is lost by closing: 'Cancelar', Escape and ✕ ask first.
  const guard = useDiscardGuard(adder.touched && !adder.busy, onClose, {
    message: 'El campo nuevo no se ha creado. Si cierras ahora, se perderá.',
  });

  return (
    <Modal
      wide
      title="Crear nuevo campo"
      onClose={guard.requestClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={guard.requestClose}>
            Cancelar
          </button>
          <button type="submit" form={formId} className={btn.primary} {...lock} disabled={lock.disabled || adder.busy}>
            Crear campo
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void adder.add().then((ok) => ok && onClose());
        }}
      >
        <div>
          <label className={label} htmlFor="nuevo-grupo">
            Grupo del campo
          </label>
          <select
            id="nuevo-grupo"
            className={input}
            value={group.entity}
            onChange={(e) => {
              const g = groups.find((x) => x.entity === e.target.value);
              if (g) setGroup(g);
              adder.setError('');
            }}
          >
            {groups.map((g) => (
              <option key={g.entity} value={g.entity}>
                {g.title}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-slate-600">
            {group.title} tiene {plural(fieldsOf(group).length, 'campo configurado', 'campos configurados')}; este se agrega como uno nuevo.
          </p>
        </div>
        <FieldEditor key={adder.version} draft={adder.draft} onChange={adder.setDraft} mode="create" idPrefix="nuevo" />
        <ErrorBox>{adder.error}</ErrorBox>
      </form>
      {guard.prompt}
    </Modal>
  );
}
