/**
 * The field configurator (spec 02 §2 'Field configurator'), entity-level mode: the group's
 * configured fields with reorder, edit, condition and delete; the 'Agregar Nuevo Campo' form; and
 * single-field mode (a second modal) for editing one field. Every action is saved at once through
 * the REST routes and announced with `fieldConfigChanged`; the list re-reads the local mirror.
 * The fixed fields are read-only: they offer no edit, condition or delete, only their order can
 * change, and it is kept in this browser (so it also works offline). Every other write control is
 * disabled offline, pointing at the page's notice ('Crear Nuevo' has its own dialog).
 * This file composes the parts: configured-fields.tsx (the list), add-field-section.tsx (the add
 * form), use-field-writes.ts (edit, condition, delete, order) and the group's read-only details.
 */
import { useState } from 'react';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { labelOf, type FieldDefinition } from '../../domain/field-definition';
import { useOfflineLock, type ConfigWrite } from './config-api';
import { AddFieldSection } from './add-field-section';
import { ConditionModal } from './condition-modal';
import { ConfiguredFields } from './configured-fields';
import { FieldEditor } from './field-editor';
import type { FieldGroup } from './groups';
import { btn, ErrorBox, input, label, Modal } from './ui';
import { useAddField } from './use-add-field';
import { useFieldWrites } from './use-field-writes';

export function EntityConfigurator({
  group,
  fields,
  empresaId,
  write,
  onClose,
}: {
  group: FieldGroup;
  fields: FieldDefinition[];
  empresaId: number;
  write: ConfigWrite;
  onClose: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const adder = useAddField(group, fields, write);
  const lock = useOfflineLock();
  const writes = useFieldWrites(group, empresaId, write);
  const { busy, edit, condition } = writes;
  // The fixed fields' order is kept in this browser: it needs no connection.
  const serverLock = group.fixed ? { disabled: false } : lock;

  const addField = async (): Promise<boolean> => {
    const ok = await adder.add();
    if (ok) setAdding(false);
    return ok;
  };

  // A new field typed in and not yet added is lost by closing, and so is an order not yet saved
  // with 'Guardar orden': 'Cancelar', Escape and ✕ ask first.
  const reordered = writes.order.keys !== null && writes.order.keys.join('\n') !== fields.map((f) => f.key).join('\n');
  const addPending = adding && adder.touched && !adder.busy;
  const guard = useDiscardGuard((addPending || reordered) && !busy, onClose, {
    message: addPending
      ? 'El campo nuevo que estás agregando no se ha guardado. Si cierras ahora, se perderá.'
      : 'El nuevo orden de los campos no se ha guardado. Si cierras ahora, se perderá.',
  });
  // So is an edit of a field in single-field mode (its own window).
  const closeEdit = () => edit.setDraft(null);
  const editGuard = useDiscardGuard(edit.changed && !busy, closeEdit, {
    message: 'Los cambios de este campo no se han guardado. Si cierras ahora, se perderán.',
  });

  const saveAll = async () => {
    // 'Guardar Configuración' sends what is still pending here (a filled add form), then closes;
    // a form begun but not complete enough to send is asked about, as 'Cancelar' does.
    if (adding && adder.filled) {
      if (await addField()) onClose();
      return;
    }
    guard.requestClose();
  };

  return (
    <Modal
      wide
      title={`Configuración de ${group.title}`}
      onClose={guard.requestClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={guard.requestClose}>
            Cancelar
          </button>
          <button type="button" className={btn.primary} {...serverLock} disabled={serverLock.disabled || busy || adder.busy} onClick={() => void saveAll()}>
            Guardar Configuración
          </button>
        </>
      }
    >
      <div className="space-y-5">
        <GroupDetails group={group} />
        <ConfiguredFields
          group={group}
          fields={fields}
          order={writes.order}
          busy={busy}
          lock={lock}
          serverLock={serverLock}
          onEdit={edit.open}
          onCondition={condition.open}
          onRemove={(f) => void writes.remove(f)}
        />
        {!group.fixed && <AddFieldSection adder={adder} adding={adding} setAdding={setAdding} onAdd={addField} lock={lock} />}
      </div>

      {edit.draft && (
        <Modal
          wide
          title={`Editar campo: ${labelOf(edit.from ?? edit.draft)}`}
          onClose={editGuard.requestClose}
          footer={
            <>
              <button type="button" className={btn.secondary} onClick={editGuard.requestClose}>
                Cancelar
              </button>
              <button type="button" className={btn.primary} {...lock} disabled={lock.disabled || busy} onClick={() => void edit.save()}>
                Guardar
              </button>
            </>
          }
        >
          <div className="space-y-3">
            <FieldEditor draft={edit.draft} onChange={edit.setDraft} mode="edit" idPrefix="editar" />
            <ErrorBox>{edit.error}</ErrorBox>
          </div>
          {editGuard.prompt}
        </Modal>
      )}
      {condition.field && (
        <ConditionModal field={condition.field} siblings={fields} onClose={() => condition.open(null)} onSave={condition.save} />
      )}
      {guard.prompt}
    </Modal>
  );
}

/** 'Datos del grupo': the group's internal name, display name and description, read-only. */
function GroupDetails({ group }: { group: FieldGroup }) {
  return (
    <section aria-label="Datos del grupo" className="grid gap-3 sm:grid-cols-2">
      <div>
        <label className={label} htmlFor="grupo-interno">
          Nombre interno
        </label>
        <input id="grupo-interno" className={`${input} font-mono`} value={`${group.entity} · ${group.jsonColumn}`} readOnly disabled />
      </div>
      <div>
        <label className={label} htmlFor="grupo-nombre">
          Nombre para mostrar
        </label>
        <input id="grupo-nombre" className={input} value={group.title} readOnly disabled />
      </div>
      <div>
        <label className={label} htmlFor="grupo-desc">
          Descripción
        </label>
        <input id="grupo-desc" className={input} value={group.description} readOnly disabled />
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 self-end">
        <input type="checkbox" className="h-5 w-5" checked readOnly disabled />
        Activo
      </label>
    </section>
  );
}
