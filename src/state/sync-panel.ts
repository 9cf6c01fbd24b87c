/**
 * Whether 'Cambios pendientes' is open, from anywhere (the top bar's chip, the conflict banner,
 * the banner inside 'Editar Registro'); `problemId` opens the resolver of that change.
 */
import { atom } from 'jotai';

export const syncPanelAtom = atom<{ open: boolean; problemId?: number }>({ open: false });
