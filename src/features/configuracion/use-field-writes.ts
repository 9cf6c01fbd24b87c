/**
 * The entity configurator's writes on fields already configured: edit one field (single-field
 * mode), set its visibility condition, delete it, and reorder the group. Each is saved at once
 * through the REST routes and announced with `fieldConfigChanged`; the fixed fields' order is kept
 * in this browser instead. One `busy` covers them all, so no two of these writes run together.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { askConfirm } from '../../components/ui/confirm-dialog';
import { orderFromKeys, USE_ADD_BUTTON, validateDefinition } from '../../domain/definicion-config';
import { labelOf, type FieldCondition, type FieldDefinition } from '../../domain/field-definition';
import { writeFixedOrder } from '../../lib/fixed-field-order';
import { dispatchFieldConfigChanged, errorText, type ConfigWrite } from './config-api';
import { draftChanged, type FieldDraft } from './field-editor';
import type { FieldGroup } from './groups';
import { serviceErrorText } from './service-errors';
import { payloadOf } from './use-add-field';

export function useFieldWrites(group: FieldGroup, empresaId: number, write: ConfigWrite) {
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<FieldDraft | null>(null);
  // The field as it was opened: an edit that differs from it is unsaved work.
  const [editingFrom, setEditingFrom] = useState<FieldDraft | null>(null);
  const [editError, setEditError] = useState('');
  const [conditionFor, setConditionFor] = useState<FieldDefinition | null>(null);
  const [reorder, setReorder] = useState<string[] | null>(null);
  const changed = (kind: 'update' | 'delete') => dispatchFieldConfigChanged(group.entity, group.jsonColumn, kind);

  const openEdit = (f: FieldDefinition) => {
    setEditError('');
    const draft = { ...f, description: f.description ?? '', default_value: f.default_value ?? '' };
    setEditing(draft);
    setEditingFrom(draft);
  };

  const saveEdit = async () => {
    if (!editing) return;
    if (editing.id === undefined || editing.id === null) {
      setEditError(USE_ADD_BUTTON);
      return;
    }
    const payload = payloadOf(editing);
    const errors = validateDefinition(payload);
    if (errors.length) {
      setEditError(errors.join(' '));
      return;
    }
    const { key: _key, ...patch } = payload;
    setBusy(true);
    try {
      await write('PATCH', `/json/definitions/${editing.id}`, patch);
      toast.success('Campo actualizado');
      changed('update');
      setEditing(null);
    } catch (err) {
      const msg = errorText(err, 'Error guardando');
      setEditError(msg);
      toast.error(msg, { description: serviceErrorText('actualizar', err) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (f: FieldDefinition) => {
    if (!(await askConfirm({ title: 'Eliminar campo', message: `¿Eliminar el campo ${labelOf(f)}?`, confirmLabel: 'Eliminar' }))) return;
    setBusy(true);
    try {
      await write('DELETE', `/json/definitions/${group.entity}/${group.jsonColumn}/${encodeURIComponent(f.key)}`);
      toast.success('Campo eliminado');
      changed('delete');
    } catch (err) {
      toast.error(errorText(err, 'Error eliminando campo'), { description: serviceErrorText('eliminar', err) });
    } finally {
      setBusy(false);
    }
  };

  const saveCondition = async (condition: FieldCondition | null): Promise<boolean> => {
    if (!conditionFor) return false;
    try {
      await write('PATCH', `/json/definitions/${conditionFor.id}`, { conditional_on: condition });
      toast.success('Condición guardada exitosamente');
      changed('update');
      return true;
    } catch (err) {
      toast.error(errorText(err, 'Error guardando condición'));
      return false;
    }
  };

  /** Moves the field at `index` one place up (-1) or down (+1) in the pending order. */
  const move = (index: number, delta: number) => {
    if (!reorder) return;
    const to = index + delta;
    if (to < 0 || to >= reorder.length) return;
    const next = [...reorder];
    [next[index], next[to]] = [next[to], next[index]];
    setReorder(next);
  };

  const saveOrder = async () => {
    if (!reorder) return;
    const orders = orderFromKeys(reorder);
    setBusy(true);
    try {
      if (group.fixed) {
        writeFixedOrder(empresaId, reorder);
        toast.success(`Orden actualizado para ${orders.length} campos fijos`);
      } else {
        await write('PATCH', `/json/definitions/${group.entity}/${group.jsonColumn}/reorder`, { field_orders: orders });
        toast.success(`Orden actualizado para ${orders.length} campos`);
      }
      changed('update');
      setReorder(null);
    } catch (err) {
      toast.error(errorText(err, 'Error al guardar el orden de los campos'));
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    edit: {
      draft: editing,
      /** The field as it was when its edit opened (the window's title names it so while typing). */
      from: editingFrom,
      setDraft: setEditing,
      changed: editing !== null && editingFrom !== null && draftChanged(editing, editingFrom),
      error: editError,
      open: openEdit,
      save: saveEdit,
    },
    condition: { field: conditionFor, open: setConditionFor, save: saveCondition },
    order: { keys: reorder, set: setReorder, move, save: saveOrder },
    remove,
  };
}
