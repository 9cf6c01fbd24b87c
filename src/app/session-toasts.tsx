/**
 * Toasts belong to the person who caused them: they quote that person's work ('Cambios guardados
 * en este dispositivo… Julián Herrera · RAD-7CK5BFE9'). When the signed-in user leaves (logout, a
 * refused login, the device wiped) or another one signs in, every toast still showing is closed
 * and the toast area starts afresh, so a colleague handed the tablet never reads them, and a
 * 'se enviarán' does not outlive the session it spoke of.
 * Dismissing alone is not enough: the toast area re-adds what it was showing when it moves (a
 * dialog closing, as the logout confirmation does), and such a late re-add lands after the
 * dismissal. So the area is mounted anew, keyed by the user, once the dismissal is recorded.
 */
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useState } from 'react';
import { PAGE_AREA, PAGE_POSITION, toast, ToasterHost } from '../components/ui/toast';
import { sessionAtom } from '../state/session';

/** The one toast about the session change itself ('Se borraron los datos de este dispositivo.'). */
export const WIPED_TOAST_ID = 'datos-borrados';

export function SessionToaster() {
  const state = useAtomValue(sessionAtom);
  const who = state.status === 'authenticated' ? `${state.session.user.empresa_id}-${state.session.user.id}` : state.status;
  const [shownFor, setShownFor] = useState(who);
  useLayoutEffect(() => {
    if (who === shownFor) return;
    // From loading to the restored session nothing of another person can be showing.
    if (shownFor !== 'loading') {
      for (const t of toast.getToasts()) if (t.id !== WIPED_TOAST_ID) toast.dismiss(t.id);
    }
    setShownFor(who);
  }, [who, shownFor]);
  return <ToasterHost key={shownFor} area={PAGE_AREA} position={PAGE_POSITION} duration={3000} containerAriaLabel="Avisos" />;
}
