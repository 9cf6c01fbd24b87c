/**
 * The creation form's toasts go to their own area (FORM_TOASTER, mounted by the 'Nuevo Cliente'
 * dialog, so the message after saving outlives the form); successes stay 2 s, the rest 4 s.
 * The message about fields to correct (INVALID_TOAST_ID) is one toast, replaced at each try, and
 * goes with the form: on the list it pointed at fields no longer on screen.
 */
export const FORM_TOASTER = 'formulario';

export const toastOpts = (tone: 'success' | 'error' | 'info') => ({
  toasterId: FORM_TOASTER,
  duration: tone === 'success' ? 2000 : 4000,
});

export const INVALID_TOAST_ID = 'formulario-campos-invalidos';
