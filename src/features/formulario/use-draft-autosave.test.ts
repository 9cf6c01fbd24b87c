import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RadicaDB } from '../../db/database';
import { newFormState, type FormState } from './form-state';
import { writeDraft } from './use-draft-autosave';

const filled = (): FormState => {
  const s = newFormState();
  return { ...s, values: { ...s.values, solicitante: { ...s.values.solicitante, nombres: 'Rosalba' } } };
};

describe('writeDraft', () => {
  it('writes the draft through the open connection, and removes it once the form is empty', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    await db.open();
    const state = filled();
    await writeDraft(db, state);
    expect((await db.drafts.get(state.ids.solicitudId))?.values).toMatchObject({ values: { solicitante: { nombres: 'Rosalba' } } });
    await writeDraft(db, { ...state, values: newFormState().values });
    expect(await db.drafts.count()).toBe(0);
  });

  it('opens the database first when it is not open yet', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    const state = filled();
    await writeDraft(db, state);
    expect(await db.drafts.get(state.ids.solicitudId)).toMatchObject({ kind: 'solicitud' });
  });
});
