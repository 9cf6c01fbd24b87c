/**
 * 'Agregar Nuevo Campo' of the entity configurator: 'Nuevo campo' opens the create form (the
 * field editor in create mode); 'Agregar Campo' saves it through `onAdd`, 'Cancelar' hides it and
 * clears its message. The caller owns the adder (use-add-field.ts) and whether the form is open,
 * because 'Guardar Configuración' also sends a filled form.
 */
import { FieldEditor } from './field-editor';
import { btn, ErrorBox } from './ui';
import type { useAddField } from './use-add-field';

export function AddFieldSection({
  adder,
  adding,
  setAdding,
  onAdd,
  lock,
}: {
  adder: ReturnType<typeof useAddField>;
  adding: boolean;
  setAdding: (adding: boolean) => void;
  onAdd: () => Promise<boolean>;
  lock: { disabled: boolean; 'aria-describedby'?: string };
}) {
  return (
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
            void onAdd();
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
  );
}
