/** A titled part of 'Editar Registro' (spec 01 §2's sections). */
import type { ReactNode } from 'react';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The grid the fields of a section sit in: one column on a phone, two on a tablet, three on a desktop. */
export const FIELD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
