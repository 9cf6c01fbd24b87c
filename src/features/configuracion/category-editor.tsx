/**
 * The category editor: required description, active flag, and the configuration as a simple list
 * of strings or free JSON (spec 02 §2, §4, §5). The format is detected on open; switching to the
 * simple list converts the configuration to strings; invalid JSON typed in the editor is ignored
 * (the last valid value stays). Changes not saved are never dropped by one tap or key: Cancelar,
 * ✕ and Escape ask first ('¿Descartar los cambios?').
 */
import { useState } from 'react';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { detectFormat, toSimpleList, validateCategoria, type Categoria, type CategoriaFormat } from '../../domain/categoria';
import { formatValidationErrors } from '../../domain/definicion-config';
import { useOfflineLock } from './config-api';
import { btn, ErrorBox, input, label, Modal } from './ui';

export interface CategoriaDraft {
  categoria: string;
  descripcion: string;
  activo: boolean;
  configuracion: unknown;
}

function pretty(v: unknown) {
  return JSON.stringify(v ?? null, null, 2);
}

export function CategoryEditor({
  initial,
  isNew,
  onClose,
  onSave,
}: {
  initial: Categoria;
  isNew: boolean;
  onClose: () => void;
  onSave: (draft: CategoriaDraft) => Promise<boolean>;
}) {
  const [descripcion, setDescripcion] = useState(initial.descripcion ?? '');
  const [activo, setActivo] = useState(initial.activo !== false);
  const [format, setFormat] = useState<CategoriaFormat>(() => detectFormat(initial.configuracion));
  const [items, setItems] = useState<string[]>(() => (detectFormat(initial.configuracion) === 'simple_array' ? toSimpleList(initial.configuracion) : []));
  const [config, setConfig] = useState<unknown>(initial.configuracion ?? null);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [jsonText, setJsonText] = useState(() => pretty(initial.configuracion));
  const [newItem, setNewItem] = useState('');
  const [error, setError] = useState('');
  const lock = useOfflineLock();
  const [saving, setSaving] = useState(false);

  const switchFormat = (next: CategoriaFormat) => {
    if (next === format) return;
    if (next === 'simple_array') {
      setItems(toSimpleList(config));
    } else {
      const value = items.length ? items : config;
      setConfig(value);
      setJsonText(pretty(value));
      setJsonOpen(true);
    }
    setFormat(next);
    setError('');
  };

  const addItem = () => {
    const v = newItem.trim();
    if (!v || items.includes(v)) return;
    setItems([...items, v]);
    setNewItem('');
  };

  const removeComplex = (key: string | number) => {
    let next: unknown;
    if (Array.isArray(config)) next = config.filter((_, i) => i !== key);
    else if (config && typeof config === 'object') {
      const { [String(key)]: _gone, ...rest } = config as Record<string, unknown>;
      next = rest;
    } else return;
    setConfig(next);
    setJsonText(pretty(next));
  };

  const save = async () => {
    const configuracion = format === 'simple_array' ? items.map((i) => i.trim()).filter(Boolean) : config;
    const errors = validateCategoria({ descripcion, configuracion });
    if (errors.length) {
      setError(formatValidationErrors(errors));
      return;
    }
    setSaving(true);
    const ok = await onSave({ categoria: initial.categoria, descripcion: descripcion.trim(), activo, configuracion });
    setSaving(false);
    if (ok) onClose();
  };

  // What the category holds now, against what it held on open (an item typed but not added counts).
  const state = (d: string, a: boolean, f: CategoriaFormat, list: unknown, c: unknown) =>
    JSON.stringify([d.trim(), a, f === 'simple_array' ? list : c]);
  const initialFormat = detectFormat(initial.configuracion);
  const dirty =
    state(descripcion, activo, format, items, config) !==
      state(initial.descripcion ?? '', initial.activo !== false, initialFormat, initialFormat === 'simple_array' ? toSimpleList(initial.configuracion) : [], initial.configuracion ?? null) ||
    newItem.trim() !== '' ||
    jsonText !== pretty(config);
  const guard = useDiscardGuard(dirty && !saving, onClose);

  const complexEntries: Array<[string | number, unknown]> = Array.isArray(config)
    ? config.map((v, i) => [i, v])
    : config && typeof config === 'object'
      ? Object.entries(config as Record<string, unknown>)
      : [];

  return (
    <Modal
      wide
      title={isNew ? `Nueva categoría: ${initial.categoria}` : `Editar categoría: ${initial.categoria}`}
      onClose={guard.requestClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={guard.requestClose}>
            Cancelar
          </button>
          <button type="button" className={btn.primary} {...lock} disabled={lock.disabled || saving} onClick={() => void save()}>
            {saving ? 'Guardando...' : 'Guardar'}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label className={label} htmlFor="cat-desc">
            Descripción *
          </label>
          <input id="cat-desc" className={input} value={descripcion} onChange={(e) => setDescripcion(e.target.value)} />
        </div>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" checked={activo} onChange={(e) => setActivo(e.target.checked)} />
          Activo
        </label>
        <fieldset>
          <legend className={label}>Formato</legend>
          <div className="flex flex-wrap gap-4">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="cat-format" className="h-5 w-5" checked={format === 'simple_array'} onChange={() => switchFormat('simple_array')} />
              Lista simple
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="cat-format" className="h-5 w-5" checked={format === 'complex'} onChange={() => switchFormat('complex')} />
              Configuración JSON compleja
            </label>
          </div>
        </fieldset>

        {format === 'simple_array' ? (
          <section aria-label="Elementos de la lista" className="space-y-2">
            {items.length === 0 && <p className="text-sm text-slate-600">La lista no tiene elementos.</p>}
            <ul className="space-y-2">
              {items.map((item, i) => (
                <li key={i} className="flex gap-2">
                  <label className="sr-only" htmlFor={`cat-item-${i}`}>
                    Elemento {i + 1}
                  </label>
                  <input
                    id={`cat-item-${i}`}
                    className={input}
                    value={item}
                    onChange={(e) => setItems(items.map((x, j) => (j === i ? e.target.value : x)))}
                  />
                  <button type="button" className={btn.danger} onClick={() => setItems(items.filter((_, j) => j !== i))} aria-label={`Quitar ${item}`}>
                    Quitar
                  </button>
                </li>
              ))}
            </ul>
            <div className="flex gap-2">
              <label className="sr-only" htmlFor="cat-new-item">
                Nuevo elemento
              </label>
              <input
                id="cat-new-item"
                className={input}
                placeholder="Nuevo elemento"
                value={newItem}
                onChange={(e) => setNewItem(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addItem();
                  }
                }}
              />
              <button type="button" className={btn.secondary} onClick={addItem}>
                Agregar elemento
              </button>
            </div>
          </section>
        ) : (
          <section aria-label="Configuración JSON" className="space-y-2">
            <div className="flex justify-end">
              <button type="button" className={btn.secondary} aria-pressed={jsonOpen} onClick={() => setJsonOpen((o) => !o)}>
                {jsonOpen ? 'Ocultar editor JSON' : 'Editor JSON'}
              </button>
            </div>
            {jsonOpen ? (
              <>
                <label className={label} htmlFor="cat-json">
                  JSON
                </label>
                <textarea
                  id="cat-json"
                  className={`${input} min-h-48 font-mono text-sm`}
                  spellCheck={false}
                  value={jsonText}
                  onChange={(e) => {
                    setJsonText(e.target.value);
                    try {
                      setConfig(JSON.parse(e.target.value) as unknown);
                    } catch {
                      // spec 02 §5: invalid JSON in the editor is ignored; the last valid value stays
                    }
                  }}
                />
              </>
            ) : complexEntries.length === 0 ? (
              <p className="text-sm text-slate-600">La configuración está vacía. Ábrela en el editor JSON.</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
                {complexEntries.map(([k, v]) => (
                  <li key={String(k)} className="flex items-start gap-2 px-3 py-2">
                    <span className="w-24 shrink-0 truncate font-mono text-sm text-slate-700">{typeof k === 'number' ? `#${k + 1}` : k}</span>
                    <code className="min-w-0 flex-1 break-all text-sm text-slate-900">{JSON.stringify(v)}</code>
                    <button type="button" className={btn.small} onClick={() => removeComplex(k)} aria-label={`Quitar ${String(k)}`}>
                      Quitar
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <ErrorBox>{error}</ErrorBox>
      </div>
      {guard.prompt}
    </Modal>
  );
}
