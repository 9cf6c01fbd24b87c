/**
 * What closing the creation form with something typed asks. It says the draft stays on the
 * device only when the latest draft write got there; when it failed (storage full, a database
 * error) it says so, and that closing loses what was typed ('Seguir editando' has the focus).
 */
import type { DiscardTexts } from '../../components/ui/discard-guard';

export const CLOSE_WITH_DRAFT: DiscardTexts = {
  title: '¿Cerrar el formulario?',
  message: 'Lo que escribiste queda guardado como borrador en este dispositivo; podrás continuarlo al abrir Nuevo Cliente.',
  confirmLabel: 'Cerrar',
  keepsDraft: true,
};

export const CLOSE_WITHOUT_DRAFT: DiscardTexts = {
  title: '¿Cerrar sin borrador?',
  message: 'No se pudo guardar el borrador en este dispositivo. Si cierras ahora, se perderá lo que escribiste.',
  confirmLabel: 'Cerrar sin guardar',
  keepsDraft: false,
};

/** The question for closing, given whether the draft is on the device. */
export const closeQuestion = (draftSaved: boolean): DiscardTexts => (draftSaved ? CLOSE_WITH_DRAFT : CLOSE_WITHOUT_DRAFT);
