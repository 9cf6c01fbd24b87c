/**
 * A file input that reads in Spanish whatever the browser's language. The native input stays (its
 * label, keyboard use and the file dialog are the browser's) but is visually hidden; a second
 * label, styled as a button, opens it and shows its focus ring. That label is aria-hidden, so the
 * input's accessible name stays the caller's own label.
 */
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id'> & {
  id: string;
  /** What was chosen ('2 archivos elegidos'), shown beside the button. */
  chosen?: string;
};

export function FilePicker({ id, chosen, ...input }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input id={id} type="file" className="peer sr-only" {...input} />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="inline-flex min-h-11 cursor-pointer select-none items-center rounded-md bg-blue-50 px-4 text-sm font-semibold text-blue-800 ring-1 ring-blue-200 hover:bg-blue-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {input.multiple ? 'Elegir archivos' : 'Elegir archivo'}
      </label>
      {chosen && <span className="text-sm text-slate-700">{chosen}</span>}
    </div>
  );
}

/** '1 archivo elegido: acta.pdf', 'N archivos elegidos', or 'Ningún archivo elegido'. */
export function chosenText(files: readonly File[]): string {
  if (files.length === 0) return 'Ningún archivo elegido';
  if (files.length === 1) return `1 archivo elegido: ${files[0].name}`;
  return `${files.length} archivos elegidos`;
}
