/**
 * A date field that reads dd/mm/aaaa whatever the browser's language (see domain/fecha-texto.ts):
 * a text input with a numeric keyboard and slashes put in while typing, and a calendar button
 * beside it that opens the browser's own date picker.
 *
 * `onChange` receives YYYY-MM-DD once the text is a real day, '' when it is emptied, and the
 * text itself while it is not a day yet, so a form judges it ('debe ser una fecha válida
 * (dd/mm/aaaa)') and a draft keeps what was typed. A new `value` from outside (a draft restored,
 * 'Limpiar Formulario') replaces the text; the value the field itself sent does not.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { FORMATO_FECHA, fechaATexto, mascaraFecha } from '../../domain/fecha-texto';
import { leerFecha } from '../../domain/validacion';
import { IconButton } from './button';
import { INPUT_CLASS } from './text-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface DateFieldProps extends InputProps {
  value: string;
  onChange: (value: string) => void;
}

export const CALENDAR_LABEL = 'Elegir en el calendario';

export function DateField({ value, onChange, className = INPUT_CLASS, id, disabled, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => fechaATexto(value));
  const sent = useRef(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(fechaATexto(value));
  }, [value]);

  const take = (raw: string) => {
    // A whole day at once (pasted, or chosen in the calendar) in either order; else typing.
    const whole = /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? leerFecha(raw) : null;
    const shown = whole ? fechaATexto(whole) : mascaraFecha(raw);
    const next = whole ?? (shown === '' ? '' : (leerFecha(shown) ?? shown));
    setText(shown);
    sent.current = next;
    onChange(next);
  };

  const openCalendar = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.click();
    }
  };

  return (
    <div className="relative">
      <input
        {...rest}
        id={id}
        disabled={disabled}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={FORMATO_FECHA}
        maxLength={10}
        className={`${className} pr-10`}
        value={text}
        onChange={(e) => take(e.target.value)}
      />
      <span className="absolute inset-y-0 right-0 flex items-center">
        <IconButton label={CALENDAR_LABEL} aria-controls={id} disabled={disabled} icon={<CalendarIcon />} onClick={openCalendar} />
      </span>
      {/* The browser's date picker, opened by the button; what it picks goes to the text field. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
        value={leerFecha(value) ?? ''}
        onChange={(e) => e.target.value && take(e.target.value)}
      />
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
