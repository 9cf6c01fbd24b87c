/**
 * A choice that takes effect when made (a row's status): a button that opens a list of options.
 * Unlike a bare native <select>, the arrow keys only move the highlight; nothing is chosen until
 * Enter, Space or a click on an option. Escape, Tab or a click elsewhere close it unchanged.
 * ARIA 'select-only combobox' pattern: focus stays on the button, aria-activedescendant names the
 * highlighted option. The list is a popover (top layer), so neither a scrolling table nor a modal
 * dialog clips or covers it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export interface ListboxOption {
  value: string;
  label: string;
}

interface ListboxProps {
  /** The accessible name ('Cambiar estado'). */
  label: string;
  value: string;
  options: readonly ListboxOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /**
   * A choice is being saved: the list does not open, but the button keeps the focus (a disabled
   * button would drop it to the page, and a keyboard user would have to find the row again).
   */
  busy?: boolean;
  /** What the closed button shows; the option's label by default. */
  renderValue?: (option: ListboxOption | undefined) => ReactNode;
  className?: string;
}

export function Listbox({ label, value, options, onChange, disabled, busy, renderValue, className = '' }: ListboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [style, setStyle] = useState<CSSProperties>({});
  const selectedIndex = Math.max(0, options.findIndex((o) => o.value === value));
  const selected = options.find((o) => o.value === value);

  const show = () => {
    if (disabled || busy) return;
    setActive(selectedIndex);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const commit = (index: number) => {
    const option = options[index];
    setOpen(false);
    button.current?.focus();
    if (option && option.value !== value) onChange(option.value);
  };

  // Placed under the button (above it when there is no room below), in the top layer.
  useLayoutEffect(() => {
    if (!open) return;
    const el = list.current;
    const place = () => {
      const b = button.current?.getBoundingClientRect();
      if (!b) return;
      const height = Math.min(320, options.length * 44 + 8);
      const below = window.innerHeight - b.bottom - 8;
      const top = below >= height || b.top < height ? b.bottom + 4 : b.top - height - 4;
      setStyle({ position: 'fixed', inset: 'auto', top, left: Math.max(4, Math.min(b.left, window.innerWidth - 224)), minWidth: Math.max(b.width, 200), maxHeight: height, margin: 0 });
    };
    place();
    if (el && !el.matches(':popover-open')) el.showPopover?.();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      if (el?.isConnected && el.matches(':popover-open')) el.hidePopover?.();
    };
  }, [open, options.length]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!list.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const onKeyDown = (e: KeyboardEvent) => {
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Home', 'End'].includes(e.key)) {
        handled();
        show();
      }
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
        handled();
        setActive((i) => Math.min(options.length - 1, i + 1));
        return;
      case 'ArrowUp':
        handled();
        setActive((i) => Math.max(0, i - 1));
        return;
      case 'Home':
        handled();
        setActive(0);
        return;
      case 'End':
        handled();
        setActive(options.length - 1);
        return;
      case 'Enter':
      case ' ':
        handled();
        commit(active);
        return;
      case 'Escape':
        handled();
        close();
        return;
      case 'Tab':
        close();
        return;
      default: {
        // Type to jump: the next option starting with the typed letter.
        if (e.key.length !== 1) return;
        const letter = e.key.toLocaleLowerCase('es');
        const order = [...options.keys()].map((k) => (active + 1 + k) % options.length);
        const hit = order.find((i) => options[i].label.toLocaleLowerCase('es').startsWith(letter));
        if (hit !== undefined) {
          handled();
          setActive(hit);
        }
      }
    }
  };

  return (
    // The row around it opens the record on click: a choice here stays here.
    <div className={`inline-block max-w-full ${className}`} onClick={(e) => e.stopPropagation()}>
      <button
        ref={button}
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => (open ? close() : show())}
        onKeyDown={onKeyDown}
        className="inline-flex min-h-11 max-w-full items-center justify-between gap-2 rounded-md border border-slate-400 bg-white px-3 py-1 text-left text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {/* A rendered value (a badge) wraps inside the control's width rather than being cut. */}
        <span className={renderValue ? 'min-w-0' : 'truncate'}>{renderValue ? renderValue(selected) : (selected?.label ?? value)}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-600" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={label}
          popover="manual"
          style={style}
          className="overflow-y-auto rounded-md border border-slate-300 bg-white p-1 text-sm text-slate-900 shadow-lg"
        >
          {options.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-opt-${i}`}
              data-index={i}
              role="option"
              aria-selected={o.value === value}
              onPointerMove={() => setActive(i)}
              onClick={() => commit(i)}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded px-3 ${i === active ? 'bg-blue-100 text-blue-950' : ''} ${o.value === value ? 'font-semibold' : ''}`}
            >
              <span aria-hidden="true" className="w-4">
                {o.value === value ? '✓' : ''}
              </span>
              {o.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
