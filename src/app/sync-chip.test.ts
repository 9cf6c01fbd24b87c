import { describe, expect, it } from 'vitest';
import { syncChipTexts } from './sync-chip';
import type { SyncView } from './sync-text';

const view = (v: Partial<SyncView>): SyncView => ({ online: true, state: 'idle', pending: 0, problems: 0, ...v });

// The top bar's chip and the 'Nuevo Cliente' form both show these texts.
describe('the sync chip texts', () => {
  it('gives the state, the changes waiting and no red pill when nothing was refused', () => {
    expect(syncChipTexts(view({ online: false, pending: 1 }), 0)).toEqual({ status: 'Sin conexión · 1 cambio sin enviar', refused: null, warn: true });
    expect(syncChipTexts(view({ state: 'syncing', pending: 2 }), 0)).toEqual({ status: 'Enviando 2 cambios…', refused: null, warn: false });
  });

  it('counts refused changes and names conflicts, taking the larger of the two counts', () => {
    expect(syncChipTexts(view({ problems: 2 }), 0).refused).toBe('2 con problemas');
    expect(syncChipTexts(view({ problems: 3 }), 1).refused).toBe('1 conflicto · 2 con problemas');
    // A conflict on the device before the engine counted it is still shown.
    expect(syncChipTexts(view({ problems: 0 }), 1).refused).toBe('1 conflicto');
  });

  it("names the drafts left without their application beside refused changes and conflicts", () => {
    expect(syncChipTexts(view({}), 0, 1).refused).toBe('1 borrador sin solicitud');
    expect(syncChipTexts(view({ problems: 1 }), 1, 2).refused).toBe('1 conflicto · 2 borradores sin solicitud');
    expect(syncChipTexts(view({ problems: 3 }), 1, 1).refused).toBe('1 conflicto · 2 con problemas · 1 borrador sin solicitud');
    expect(syncChipTexts(view({ problems: 2 }), 0, 0).refused).toBe('2 con problemas');
  });
});
