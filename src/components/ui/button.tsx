/**
 * Buttons of the kit. Every one is at least 44 × 44 px (touch), shows the focus ring of the app
 * and greys out when disabled. `buttonClass` styles a link or label that acts as a button.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost' | 'success';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-blue-800 text-white hover:bg-blue-900',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  success: 'bg-green-700 text-white hover:bg-green-800',
};

export function buttonClass(variant: ButtonVariant = 'secondary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]}${extra ? ` ${extra}` : ''}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shown instead of the children while an action runs (the button is disabled meanwhile). */
  busy?: boolean;
  busyLabel?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'secondary', busy, busyLabel, className = '', type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> & {
  /** The accessible name (the icon has none). */
  label: string;
  icon: ReactNode;
  tone?: 'light' | 'dark';
  ref?: Ref<HTMLButtonElement>;
};

/** A square 44 px button holding only an icon; `label` is its name for screen readers. */
export function IconButton({ label, icon, tone = 'light', className = '', type = 'button', ...rest }: IconButtonProps) {
  const colours =
    tone === 'dark'
      ? 'text-white hover:bg-blue-800 focus-visible:outline-white'
      : 'text-slate-700 hover:bg-slate-100 focus-visible:outline-blue-700';
  return (
    <button
      type={type}
      aria-label={label}
      className={`relative flex h-11 w-11 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 disabled:opacity-50 ${colours} ${className}`}
      {...rest}
    >
      {icon}
    </button>
  );
}

export function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
