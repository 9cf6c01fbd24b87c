import { SOLO_LECTURA_NOTIFICACIONES } from './use-notificaciones';

/** Where a mark button would be, the read-only role is told why there is none (the server would refuse it). */
export function SoloLecturaNote({ testId }: { testId: string }) {
  return (
    <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700" data-testid={testId}>
      {SOLO_LECTURA_NOTIFICACIONES}
    </p>
  );
}
