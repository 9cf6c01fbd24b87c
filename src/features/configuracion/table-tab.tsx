/**
 * 'Configuración Tabla': the credits list's columns. Each change (toggle, drag, delete) saves the
 * whole list at once (PUT), renumbering `orden` from 1; the list on the home screen reads the same
 * mirrored rows, so it follows as soon as the save returns.
 * Drag: dnd-kit with a 5 px mouse threshold, a 120 ms long-press on touch, keyboard support, and
 * auto-scroll from 25% of the list's height at up to 28 px per step (spec 02 §9).
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  appendColumna,
  availableColumnFields,
  columnaNombre,
  columnFieldLabels,
  COLUMN_FIELDS,
  configuredColumnFields,
  DELETE_COLUMN_CONFIRM,
  INVALID_FIELD,
  isColumnField,
  LIST_COLUMN_LABELS,
  reindex,
  SELECT_FIELD_REQUIRED,
  type Columna,
} from '../../domain/columnas';
import type { FieldDefinition } from '../../domain/field-definition';
import { Spinner } from '../../components/ui/spinner';
import { errorText, useOfflineLock, type ConfigWrite } from './config-api';
import { btn, ErrorBox, input, label } from './ui';

const SPEC_FIELDS: ReadonlySet<string> = new Set([...Object.keys(LIST_COLUMN_LABELS), ...COLUMN_FIELDS]);

/** The PUT's body: the whole list, as the server stores it. */
function putBody(columnas: readonly Columna[]) {
  return { columnas: columnas.map(({ nombre, nombre_interno, activo, orden }) => ({ nombre, nombre_interno, activo, orden })) };
}

export const AUTO_SCROLL = { threshold: { x: 0, y: 0.25 }, acceleration: 28 } as const;

function SortableRow({
  col,
  onToggle,
  onDelete,
  disabled,
}: {
  col: Columna;
  onToggle: () => void;
  onDelete: () => void;
  disabled: boolean;
}) {
  const lock = useOfflineLock();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: col.nombre_interno,
    disabled: disabled || lock.disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-2 last:border-b-0 sm:gap-3 sm:px-3 ${isDragging ? 'relative z-10 shadow-lg ring-2 ring-blue-400' : ''}`}
      data-testid={`columna-${col.nombre_interno}`}
    >
      <button
        type="button"
        role="switch"
        aria-checked={col.activo}
        aria-label={`Columna ${col.nombre} activa`}
        {...lock}
        disabled={lock.disabled || disabled}
        onClick={onToggle}
        className="flex min-h-11 min-w-11 items-center justify-center disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className={`relative inline-block h-6 w-11 rounded-full transition ${col.activo ? 'bg-blue-700' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${col.activo ? 'left-5' : 'left-0.5'}`} />
        </span>
      </button>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Arrastrar ${col.nombre}`}
        {...lock}
        className="flex min-h-11 min-w-11 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40"
        data-testid="drag-handle"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <span className="w-6 shrink-0 text-center font-mono text-sm text-slate-600 sm:w-8" data-testid="columna-orden">
        {col.orden}
      </span>
      <div className="min-w-0 flex-1">
        {/* Wrapped, not cut: on a phone 'Destino del crédito' must read whole. */}
        <p className={`break-words font-medium ${col.activo ? 'text-slate-900' : 'text-slate-500'}`}>{col.nombre}</p>
        <p className="break-all font-mono text-sm text-slate-600">{col.nombre_interno}</p>
      </div>
      <button type="button" className={`${btn.small} text-red-700`} {...lock} disabled={lock.disabled || disabled} onClick={onDelete} aria-label={`Eliminar columna ${col.nombre}`}>
        Eliminar
      </button>
    </li>
  );
}

export function TableTab({
  columnas,
  defaults,
  definitions,
  write,
}: {
  /** The company's columns, by orden. */
  columnas: Columna[];
  /** The columns the credits list shows while `columnas` is empty (`defaultColumnas`). */
  defaults: Columna[];
  definitions: readonly FieldDefinition[];
  write: ConfigWrite;
}) {
  // With nothing configured the list shows its defaults, so the tab starts from them: a first
  // added column joins them instead of replacing them. Only after the admin removes every column
  // does the tab list none (until it is opened again, when the defaults are what the list shows).
  const [cleared, setCleared] = useState(false);
  // A configured field's column is named by the field's current label (a rename reaches it; the
  // next save stores it).
  const starting = useMemo(() => {
    const configured = configuredColumnFields(definitions);
    const list = columnas.length ? columnas : cleared ? [] : defaults;
    return list.map((c) => ({ ...c, nombre: columnaNombre(c, configured) }));
  }, [cleared, columnas, defaults, definitions]);
  const [items, setItems] = useState<Columna[]>(starting);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState('');
  const [addError, setAddError] = useState('');
  const lock = useOfflineLock();

  // The mirror is the truth: follow each new version of it, except while a save is in flight.
  const savingRef = useRef(false);
  useEffect(() => {
    if (!savingRef.current) setItems(starting);
  }, [starting]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const save = async (next: Columna[]) => {
    setItems(next);
    setSaving(true);
    savingRef.current = true;
    try {
      await write('PUT', '/configuraciones/columnas-tabla', putBody(next));
      setCleared(next.length === 0);
      toast.success('Configuración guardada exitosamente');
    } catch (err) {
      toast.error(errorText(err, 'Error al guardar la configuración'));
      setItems(starting);
    } finally {
      setSaving(false);
      savingRef.current = false;
    }
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((c) => c.nombre_interno === e.active.id);
    const to = items.findIndex((c) => c.nombre_interno === e.over!.id);
    if (from < 0 || to < 0) return;
    void save(reindex(arrayMove(items, from, to)));
  };

  // Spec 02 §3's fields, then the fields configured in 'Campos' (by their labels).
  const labels = useMemo(() => columnFieldLabels(definitions), [definitions]);
  const available = availableColumnFields(items, labels);
  const availableSpec = available.filter((f) => SPEC_FIELDS.has(f));
  const availableConfigured = available.filter((f) => !SPEC_FIELDS.has(f));
  const optionOf = (f: string) => (
    <option key={f} value={f}>
      {labels[f]} ({f})
    </option>
  );

  const add = async () => {
    if (!choice) return setAddError(SELECT_FIELD_REQUIRED);
    if (!isColumnField(choice, labels)) return setAddError(INVALID_FIELD);
    setAddError('');
    setSaving(true);
    const next = appendColumna(items, choice, labels[choice]);
    savingRef.current = true;
    try {
      if (columnas.length === 0) {
        // Nothing stored yet: what the tab lists (the defaults) is stored with the new column.
        await write('PUT', '/configuraciones/columnas-tabla', putBody(next));
      } else {
        await write('POST', '/configuraciones/columnas-tabla/agregar', next[next.length - 1]);
      }
      // The server has it: list it at once, so the toast never sits over an empty list while the
      // mirror catches up (the next mirror version replaces this one).
      setItems(next);
      toast.success('Columna agregada exitosamente');
      setChoice('');
      setAdding(false);
    } catch (err) {
      toast.error(errorText(err, 'Error al agregar la columna'));
    } finally {
      setSaving(false);
      savingRef.current = false;
    }
  };

  return (
    <div className="relative space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">Arrastra las columnas para cambiar su orden en la lista de créditos.</p>
        <button type="button" className={btn.primary} {...lock} onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
          Agregar Columna
        </button>
      </div>

      {adding && (
        <div className="rounded-lg bg-white p-4 shadow ring-1 ring-slate-200" role="region" aria-label="Agregar columna">
          <label className={label} htmlFor="columna-campo">
            Campo
          </label>
          <select
            id="columna-campo"
            className={input}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setAddError('');
            }}
          >
            <option value="">{available.length ? 'Selecciona un campo…' : 'No quedan campos disponibles'}</option>
            {availableConfigured.length > 0 ? (
              <>
                {availableSpec.length > 0 && <optgroup label="Campos del registro">{availableSpec.map(optionOf)}</optgroup>}
                <optgroup label="Campos configurados">{availableConfigured.map(optionOf)}</optgroup>
              </>
            ) : (
              availableSpec.map(optionOf)
            )}
          </select>
          <div className="mt-2">
            <ErrorBox>{addError}</ErrorBox>
          </div>
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className={btn.secondary}
              onClick={() => {
                setAdding(false);
                setAddError('');
                setChoice('');
              }}
            >
              Cancelar
            </button>
            <button type="button" className={btn.primary} {...lock} disabled={lock.disabled || available.length === 0 || saving} onClick={() => void add()}>
              Agregar
            </button>
          </div>
        </div>
      )}

      {items.length === 0 ? (
        <div className="rounded-lg bg-white p-8 text-center text-slate-700 shadow ring-1 ring-slate-200">
          <p className="font-semibold">No hay columnas configuradas</p>
          <p className="mt-1 text-sm">
            Mientras tanto, la lista de créditos muestra sus columnas predeterminadas ({defaults.map((c) => c.nombre).join(', ')}). Agrega una columna para elegir las tuyas, o vuelve a las
            predeterminadas para editarlas aquí.
          </p>
          <button type="button" className={`${btn.secondary} mt-3`} {...lock} disabled={lock.disabled || saving} onClick={() => void save(defaults)}>
            Usar las columnas predeterminadas
          </button>
        </div>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} autoScroll={AUTO_SCROLL}>
          <SortableContext items={items.map((c) => c.nombre_interno)} strategy={verticalListSortingStrategy}>
            <ul className="max-h-[60vh] overflow-y-auto rounded-lg bg-white shadow ring-1 ring-slate-200" aria-label="Columnas configuradas">
              {items.map((col) => (
                <SortableRow
                  key={col.nombre_interno}
                  col={col}
                  disabled={saving}
                  onToggle={() => void save(items.map((c) => (c.nombre_interno === col.nombre_interno ? { ...c, activo: !c.activo } : c)))}
                  onDelete={() =>
                    void askConfirm({ title: 'Eliminar columna', message: DELETE_COLUMN_CONFIRM, confirmLabel: 'Eliminar' }).then((ok) => {
                      if (ok) void save(reindex(items.filter((c) => c.nombre_interno !== col.nombre_interno)));
                    })
                  }
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      {saving && (
        <div className="absolute inset-0 z-20 flex items-center justify-center rounded-lg bg-white/70" aria-live="polite">
          <div className="rounded-lg bg-white px-6 py-4 shadow-lg ring-1 ring-slate-200">
            <Spinner label="Guardando cambios..." />
          </div>
        </div>
      )}
    </div>
  );
}
