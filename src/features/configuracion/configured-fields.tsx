/**
 * 'Campos Configurados (n)' of the entity configurator: the group's fields in order, each with its
 * type, 'Inactivo' and condition marks, and 'Editar' / 'Condición' / 'Eliminar' (none for the fixed
 * fields, which are read-only). 'Reordenar' switches the list to ↑/↓ buttons until 'Guardar orden'
 * or 'Cancelar orden'. Write buttons take the offline lock the caller passes.
 */
import { FIELD_TYPE_LABELS, labelOf, type FieldDefinition } from '../../domain/field-definition';
import { conditionText } from './condition-text';
import type { FieldGroup } from './groups';
import { btn } from './ui';

type Lock = { disabled: boolean; 'aria-describedby'?: string };

export function ConfiguredFields({
  group,
  fields,
  order,
  busy,
  lock,
  serverLock,
  onEdit,
  onCondition,
  onRemove,
}: {
  group: FieldGroup;
  fields: FieldDefinition[];
  /** The pending order (keys) while reordering, else null. */
  order: {
    keys: string[] | null;
    set: (keys: string[] | null) => void;
    move: (index: number, delta: number) => void;
    save: () => Promise<void>;
  };
  busy: boolean;
  /** Offline lock of the per-field writes. */
  lock: Lock;
  /** Offline lock of the order (none for the fixed fields, whose order stays in this browser). */
  serverLock: Lock;
  onEdit: (f: FieldDefinition) => void;
  onCondition: (f: FieldDefinition) => void;
  onRemove: (f: FieldDefinition) => void;
}) {
  const reorder = order.keys;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const listed = reorder ? reorder.map((k) => byKey.get(k)!).filter(Boolean) : fields;

  return (
    <section aria-labelledby="campos-configurados">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="campos-configurados" className="text-base font-bold text-slate-900">
          Campos Configurados ({fields.length})
        </h3>
        {fields.length >= 2 &&
          (reorder ? (
            <div className="flex gap-2">
              <button type="button" className={btn.secondary} onClick={() => order.set(null)}>
                Cancelar orden
              </button>
              <button type="button" className={btn.primary} {...serverLock} disabled={serverLock.disabled || busy} onClick={() => void order.save()}>
                {busy ? 'Guardando orden...' : 'Guardar orden'}
              </button>
            </div>
          ) : (
            <button type="button" className={btn.secondary} {...serverLock} onClick={() => order.set(fields.map((f) => f.key))}>
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
                  {labelOf(f)} {f.required && <span className="text-red-700" aria-label="requerido">*</span>}
                </p>
                <p className="text-sm text-slate-600">
                  <span className="font-mono">{f.key}</span> · {FIELD_TYPE_LABELS[f.type] ?? f.type}
                  {f.isActive === false && ' · Inactivo'}
                  {f.conditional_on && (
                    <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 text-amber-900">
                      {conditionText(f.conditional_on, fields)}
                    </span>
                  )}
                </p>
              </div>
              {reorder ? (
                <div className="flex gap-1">
                  <button type="button" className={btn.small} aria-label={`Subir ${labelOf(f)}`} disabled={i === 0} onClick={() => order.move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className={btn.small} aria-label={`Bajar ${labelOf(f)}`} disabled={i === listed.length - 1} onClick={() => order.move(i, 1)}>
                    ↓
                  </button>
                </div>
              ) : group.fixed ? null : (
                <div className="flex flex-wrap gap-1">
                  <button type="button" className={btn.small} {...lock} onClick={() => onEdit(f)} aria-label={`Editar ${labelOf(f)}`}>
                    Editar
                  </button>
                  <button type="button" className={btn.small} {...lock} onClick={() => onCondition(f)} aria-label={`Condición de ${labelOf(f)}`}>
                    Condición
                  </button>
                  <button
                    type="button"
                    className={`${btn.small} text-red-700`}
                    {...lock}
                    disabled={lock.disabled || busy}
                    onClick={() => onRemove(f)}
                    aria-label={`Eliminar ${labelOf(f)}`}
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
  );
}
