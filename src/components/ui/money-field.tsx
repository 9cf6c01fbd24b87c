/**
 * A money input: shows es-CO pesos while the person types ('$ 180.000.000'), keeps the caret after
 * the digit just typed, opens the numeric keypad on tablets, and hands the caller whole pesos (an
 * integer, or null when empty). Centavos typed after a comma are dropped.
 */
import { useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { moneyInputText, parseMoney, reformatMoneyInput } from '../../domain/format';
import { describedBy, FieldShell, INPUT_CLASS } from './text-field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  label: ReactNode;
  /** Whole pesos; a string of digits is read too (form values kept as text). */
  value: number | string | null | undefined;
  onValueChange: (value: number | null) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  wrapperClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

export function MoneyField({ label, value, onValueChange, required, hint, error, wrapperClassName, id: givenId, className = '', ref, ...input }: Props) {
  const auto = useId();
  const id = givenId ?? auto;
  const own = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => moneyInputText(value));
  const caret = useRef<number | null>(null);

  // A value set from outside (a reset, a draft, the server) replaces what is shown.
  const shownValue = parseMoney(text);
  // Read through the shown text, so a value the field cannot show (centavos) cannot loop.
  const incoming = parseMoney(moneyInputText(value));
  if (incoming !== shownValue) {
    setText(moneyInputText(incoming));
  }

  useLayoutEffect(() => {
    if (caret.current === null || !own.current || document.activeElement !== own.current) return;
    own.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const setRefs = (el: HTMLInputElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={wrapperClassName}>
      <input
        ref={setRefs}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={`${INPUT_CLASS} tabular-nums ${className}`}
        aria-required={required || undefined}
        data-money=""
        {...input}
        {...describedBy(id, error, hint)}
        value={text}
        onChange={(e) => {
          const next = reformatMoneyInput(e.target.value, e.target.selectionStart ?? e.target.value.length);
          caret.current = next.caret;
          setText(next.text);
          if (next.value !== shownValue) onValueChange(next.value);
        }}
      />
    </FieldShell>
  );
}
