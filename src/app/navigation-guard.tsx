/**
 * Holds back a route change (a link, the Back button) while a form has unsaved edits, and asks
 * in the app's dialog; leaving the page altogether is asked by the browser (discard-guard.tsx).
 */
import { useBlocker } from 'react-router-dom';
import { DiscardConfirm, hasDirtyForms } from '../components/ui/discard-guard';

export function NavigationGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasDirtyForms() && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return <DiscardConfirm onKeep={() => blocker.reset()} onDiscard={() => blocker.proceed()} />;
}
