/**
 * The visibility condition of one field: a field of the same group (the trigger) and the value it
 * must have. 'Sin condición' clears it. Saved on its own (PATCH {conditional_on}).
 */
import { useState } from 'react';
import { labelOf, type FieldCondition, type FieldDefinition } from '../../domain/field-definition';
import {
  FIELD_WITHOUT_ID,
  formatValidationErrors,
  TRIGGER_REQUIRED,
  triggerOptions,
  validateCondition,
  VALUE_REQUIRED,
} from '../../domain/definicion-config';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { useOfflineLock } from './config-api';
import { btn, ErrorBox, input, label, Modal } from './ui';

const NONE = '__none__';

function valueText(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

export function ConditionModal({
  field,
  siblings,
  onClose,
  onSave,
}: {
  field: FieldDefinition;
  siblings: FieldDefinition[];
  onClose: () => void;
  onSave: (condition: FieldCondition | null) => Promise<boolean>;
}) {
  const [trigger, setTrigger] = useState(field.conditional_on?.field ?? '');
  const [value, setValue] = useState(valueText(field.conditional_on?.value));
  const [error, setError] = useState('');
  const lock = useOfflineLock();
  const [saving, setSaving] = useState(false);
  const candidates = siblings.filter((s) => s.key !== field.key);
  const source = candidates.find((s) => s.key === trigger);
  const options = triggerOptions(source);
  // A condition chosen and not saved is lost by closing: 'Cancelar', Escape and ✕ ask first.
  const changed = trigger !== (field.conditional_on?.field ?? '') || value !== valueText(field.conditional_on?.value);
  const guard = useDiscardGuard(changed && !saving, onClose, {
    message: 'La condición no se ha guardado. Si cierras ahora, se perderá.',
  });

  const typedValue = (): unknown => {
    const opt = options.find((o) => valueText(o.value) === value);
    if (opt) return opt.value;
    if (source && (source.type === 'number' || source.type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) {
      return Number(value);
    }
    return value.trim();
  };

  const save = async () => {
    setError('');
    if (field.id === undefined || field.id === null) {
      setError(FIELD_WITHOUT_ID);
      return;
    }
    let condition: FieldCondition | null = null;
    if (trigger !== NONE) {
      if (!trigger) return setError(TRIGGER_REQUIRED);
      if (value.trim() === '') return setError(VALUE_REQUIRED);
      condition = { field: trigger, value: typedValue() };
      const errors = validateCondition(field, condition, siblings);
      if (errors.length) return setError(formatValidationErrors(errors));
    }
    setSaving(true);
    const ok = await onSave(condition);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      title={`Condición de visibilidad: ${labelOf(field)}`}
      onClose={guard.requestClose}
      footer={
        <>
          <button type="button" className={btn.secondary} onClick={guard.requestClose}>
            Cancelar
          </button>
          <button type="button" className={btn.primary} {...lock} disabled={lock.disabled || saving} onClick={() => void save()}>
            {saving ? 'Guardando...' : 'Guardar condición'}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          El campo <strong className="font-semibold">{labelOf(field)}</strong> se muestra solo cuando el campo activador tiene el valor esperado.
        </p>
        <div>
          <label className={label} htmlFor="cond-trigger">
            Campo activador
          </label>
          <select
            id="cond-trigger"
            className={input}
            value={trigger}
            onChange={(e) => {
              setTrigger(e.target.value);
              setValue('');
              setError('');
            }}
          >
            <option value="">Selecciona un campo…</option>
            <option value={NONE}>Sin condición (siempre visible)</option>
            {candidates.map((c) => (
              <option key={c.key} value={c.key}>
                {labelOf(c)} ({c.key})
              </option>
            ))}
          </select>
        </div>
        {trigger !== NONE && (
          <div>
            <label className={label} htmlFor="cond-value">
              Valor esperado
            </label>
            {options.length ? (
              <select id="cond-value" className={input} value={value} onChange={(e) => setValue(e.target.value)}>
                <option value="">Selecciona un valor…</option>
                {options.map((o) => (
                  <option key={valueText(o.value)} value={valueText(o.value)}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input id="cond-value" className={input} value={value} onChange={(e) => setValue(e.target.value)} />
            )}
          </div>
        )}
        <ErrorBox>{error}</ErrorBox>
      </div>
      {guard.prompt}
    </Modal>
  );
}
