/**
 * The review of the application open in 'Editar Registro', as its parts see it: which fields are
 * flagged (by form path, so a field's renderer finds its flag), what the advisor answered so far
 * and which flagged fields the advisor already touched. 'Enviar correcciones' is allowed once
 * every flagged field was edited or answered.
 *
 * Modes: `responder` (the advisor answers an open review), `revisar` (the reviewer side reads an
 * answered one: before → after and the answer), `ver` (anyone else sees the flags and comments).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { CampoRevision, Revision } from '../../domain/revision';
import type { Role } from '../../domain/roles';
import { revisaSolicitudes } from '../../state/revisiones';
import { useRecordForm } from './form-context';
import { campoDe, type CampoRevisable } from './review-fields';

export type ReviewMode = 'responder' | 'revisar' | 'ver';

export interface FlagView {
  flag: CampoRevision;
  field: CampoRevisable;
  touched: boolean;
  answer: string;
}

export interface ReviewState {
  revision: Revision;
  mode: ReviewMode;
  flags: FlagView[];
  setAnswer: (campo: string, answer: string) => void;
  /** Every flagged field edited or answered. */
  complete: boolean;
}

const ReviewCtx = createContext<ReviewState | null>(null);

export const useReview = () => useContext(ReviewCtx);

export function reviewMode(revision: Revision, rol: Role, canEdit: boolean): ReviewMode {
  if (revision.estado === 'abierta' && canEdit && !revisaSolicitudes(rol)) return 'responder';
  if (revision.estado === 'respondida' && revisaSolicitudes(rol)) return 'revisar';
  return 'ver';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

const readAt = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), obj);

interface Props {
  revision: Revision | null;
  mode: ReviewMode;
  catalogue: readonly CampoRevisable[];
  /** The form's starting values: a flagged field is touched once its value differs. */
  defaults: unknown;
  /** How many documents the application holds now (a flagged 'documentos' is touched by a new one). */
  documentos: number;
  children: ReactNode;
}

export function ReviewProvider({ revision, mode, catalogue, defaults, documentos, children }: Props) {
  const { control } = useRecordForm();
  const values = useWatch({ control });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const state = useMemo<ReviewState | null>(() => {
    if (!revision) return null;
    const flags = revision.campos.map((flag) => {
      const field = campoDe(flag.campo, catalogue);
      let touched = false;
      if (field.formPath) touched = !same(readAt(values, field.formPath), readAt(defaults, field.formPath));
      else if (flag.campo === 'referencias') touched = !same(values.referencias, readAt(defaults, 'referencias'));
      else if (flag.campo === 'documentos') touched = documentos > (Array.isArray(flag.antes) ? flag.antes.length : 0);
      return { flag, field, touched, answer: answers[flag.campo] ?? '' };
    });
    return {
      revision,
      mode,
      flags,
      setAnswer: (campo, answer) => setAnswers((a) => ({ ...a, [campo]: answer })),
      complete: flags.every((f) => f.touched || f.answer.trim() !== ''),
    };
  }, [revision, mode, catalogue, values, defaults, documentos, answers]);
  return <ReviewCtx.Provider value={state}>{children}</ReviewCtx.Provider>;
}
