/**
 * The field configurator (spec 02 §2 'Field configurator'), entity-level mode: the group's
 * configured fields with reorder, edit, condition and delete; the 'Agregar Nuevo Campo' form; and
 * single-field mode (a second modal) for editing one field. Every action is saved at once through
 * the REST routes and announced with `fieldConfigChanged`; the list re-reads the local mirror.
 * The fixed fields are read-only: they offer no edit, condition or delete, only their order can
 * change, and it is kept in this browser (so it also works offline). Every other write control is
 * disabled offline, pointing at the page's notice ('Crear Nuevo' has its own dialog).
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { FIELD_TYPE_LABELS, type FieldCondition, type FieldDefinition } from '../../domain/field-definition';
import { orderFromKeys, USE_ADD_BUTTON, validateDefinition } from '../../domain/definicion-config';
import { writeFixedOrder } from '../../lib/fixed-field-order';
import { dispatchFieldConfigChanged, errorText, useOfflineLock, type ConfigWrite } from './config-api';
import { serviceErrorText } from './service-errors';
import { ConditionModal } from './condition-modal';
import { FieldEditor, type FieldDraft } from './field-editor';
import type { FieldGroup } from './groups';
import { btn, ErrorBox, input, label, Modal } from './ui';
import { payloadOf, useAddField } from './use-add-field';

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
  const [editing, setEditing] = useState<FieldDraft | null>(null);
  const [editError, setEditError] = useState('');
  const [conditionFor, setConditionFor] = useState<FieldDefinition | null>(null);
  const [reorder, setReorder] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  // The fixed fields' order is kept in this browser: it needs no connection.
  const serverLock = group.fixed ? { disabled: false } : lock;

  const byKey = new Map(fields.map((f) => [f.key, f]));
  const listed = reorder ? reorder.map((k) => byKey.get(k)!).filter(Boolean) : fields;

  const addField = async (): Promise<boolean> => {
    const ok = await adder.add();
    if (ok) setAdding(false);
    return ok;
  };

  const openEdit = (f: FieldDefinition) => {
    setEditError('');
    setEditing({ ...f, description: f.description ?? '', default_value: f.default_value ?? '' });
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
      dispatchFieldConfigChanged(group.entity, group.jsonColumn, 'update');
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
    if (!(await askConfirm({ title: 'Eliminar campo', message: `¿Eliminar el campo ${f.description || f.key}?`, confirmLabel: 'Eliminar' }))) return;
    setBusy(true);
    try {
      await write('DELETE', `/json/definitions/${group.entity}/${group.jsonColumn}/${encodeURIComponent(f.key)}`);
      toast.success('Campo eliminado');
      dispatchFieldConfigChanged(group.entity, group.jsonColumn, 'delete');
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
      dispatchFieldConfigChanged(group.entity, group.jsonColumn, 'update');
      return true;
    } catch (err) {
      toast.error(errorText(err, 'Error guardando condición'));
      return false;
    }
  };

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
      dispatchFieldConfigChanged(group.entity, group.jsonColumn, 'update');
      setReorder(null);
    } catch (err) {
      toast.error(errorText(err, 'Error al guardar el orden de los campos'));
    } finally {
      setBusy(false);
    }
  };

  const saveAll = async () => {
    // 'Guardar Configuración' sends what is still pending here (a filled add form), then closes.
    if (adding && adder.filled) {
      if (!(await addField())) return;
    }
    onClose();
  };

  return (
    <Modal
      wide
      title={`Configuración de ${group.title}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className={btn.primary} {...serverLock} disabled={serverLock.disabled || busy || adder.busy} onClick={() => void saveAll()}>
            Guardar Configuración
          </button>
        </>
      }
    >
      <div className="space-y-5">
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

        <section aria-labelledby="campos-configurados">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 id="campos-configurados" className="text-base font-bold text-slate-900">
              Campos Configurados ({fields.length})
            </h3>
            {fields.length >= 2 &&
              (reorder ? (
                <div className="flex gap-2">
                  <button type="button" className={btn.secondary} onClick={() => setReorder(null)}>
                    Cancelar orden
                  </button>
                  <button type="button" className={btn.primary} {...serverLock} disabled={serverLock.disabled || busy} onClick={() => void saveOrder()}>
                    {busy ? 'Guardando orden...' : 'Guardar orden'}
                  </button>
                </div>
              ) : (
                <button type="button" className={btn.secondary} {...serverLock} onClick={() => setReorder(fields.map((f) => f.key))}>
                  Reordenar
                </button>
              ))}
          </div>
          {group.fixed && (
            <p className="mb-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              Son los campos base del formulario: no se pueden editar ni eliminar. Solo puedes cambiar su orden, que se guarda en este navegador.
            </p>
          )}
          {fields.length === 0 ? (
            <p className="rounded-md bg-slate-50 p-4 text-slate-700">Este grupo no tiene campos configurados.</p>
          ) : (
            <ol className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label="Campos configurados">
              {listed.map((f, i) => (
                <li key={f.key} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid={`campo-${f.key}`}>
                  <span className="w-8 shrink-0 text-center font-mono text-sm text-slate-600" aria-label="Orden">
                    {reorder ? i + 1 : (f.order_index ?? '–')}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {f.description || f.key} {f.required && <span className="text-red-700" aria-label="requerido">*</span>}
                    </p>
                    <p className="text-sm text-slate-600">
                      <span className="font-mono">{f.key}</span> · {FIELD_TYPE_LABELS[f.type] ?? f.type}
                      {f.isActive === false && ' · Inactivo'}
                      {f.conditional_on && (
                        <span className="ml-1 rounded bg-amber-100 px-1.5 text-amber-900">
                          si {f.conditional_on.field} = {String(f.conditional_on.value)}
                        </span>
                      )}
                    </p>
                  </div>
                  {reorder ? (
                    <div className="flex gap-1">
                      <button type="button" className={btn.small} aria-label={`Subir ${f.key}`} disabled={i === 0} onClick={() => move(i, -1)}>
                        ↑
                      </button>
                      <button type="button" className={btn.small} aria-label={`Bajar ${f.key}`} disabled={i === listed.length - 1} onClick={() => move(i, 1)}>
                        ↓
                      </button>
                    </div>
                  ) : group.fixed ? null : (
                    <div className="flex flex-wrap gap-1">
                      <button type="button" className={btn.small} {...lock} onClick={() => openEdit(f)} aria-label={`Editar ${f.key}`}>
                        Editar
                      </button>
                      <button type="button" className={btn.small} {...lock} onClick={() => setConditionFor(f)} aria-label={`Condición de ${f.key}`}>
                        Condición
                      </button>
                      <button
                        type="button"
                        className={`${btn.small} text-red-700`}
                        {...lock}
                        disabled={lock.disabled || busy}
                        onClick={() => void remove(f)}
                        aria-label={`Eliminar ${f.key}`}
                      >
                        Eliminar
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>

        {!group.fixed && (
          <section aria-labelledby="agregar-campo" className="rounded-md border border-dashed border-slate-300 p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 id="agregar-campo" className="text-base font-bold text-slate-900">
                Agregar Nuevo Campo
              </h3>
              {!adding && (
                <button type="button" className={btn.secondary} {...lock} onClick={() => setAdding(true)}>
                  Nuevo campo
                </button>
              )}
            </div>
            {adding && (
              <form
                className="mt-3 space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  void addField();
                }}
              >
                <FieldEditor key={adder.version} draft={adder.draft} onChange={adder.setDraft} mode="create" idPrefix="nuevo" />
                <ErrorBox>{adder.error}</ErrorBox>
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={btn.secondary}
                    onClick={() => {
                      setAdding(false);
                      adder.setError('');
                    }}
                  >
                    Cancelar
                  </button>
                  <button type="submit" className={btn.primary} {...lock} disabled={lock.disabled || adder.busy}>
                    Agregar Campo
                  </button>
                </div>
              </form>
            )}
          </section>
        )}
      </div>

      {editing && (
        <Modal
          wide
          title={`Editar campo: ${editing.key}`}
          onClose={() => setEditing(null)}
          footer={
            <>
              <button type="button" className={btn.secondary} onClick={() => setEditing(null)}>
                Cancelar
              </button>
              <button type="button" className={btn.primary} {...lock} disabled={lock.disabled || busy} onClick={() => void saveEdit()}>
                Guardar
              </button>
            </>
          }
        >
          <div className="space-y-3">
            <FieldEditor draft={editing} onChange={setEditing} mode="edit" idPrefix="editar" />
            <ErrorBox>{editError}</ErrorBox>
          </div>
        </Modal>
      )}
      {conditionFor && (
        <ConditionModal field={conditionFor} siblings={fields} onClose={() => setConditionFor(null)} onSave={saveCondition} />
      )}
    </Modal>
  );
}
