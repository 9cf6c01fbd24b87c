import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RadicaDB } from '../../db/database';
import { newFormState, type FormState } from './form-state';
import { closeQuestion } from './close-question';
import { DraftWrites, writeDraft } from './use-draft-autosave';

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

describe('DraftWrites and the question when closing the form', () => {
  const failed = () => Promise.reject(new Error('QuotaExceededError'));
  const later = () => {
    let fail!: (e: Error) => void;
    return { write: new Promise<void>((_, reject) => (fail = reject)), fail: () => fail(new Error('AbortError')) };
  };

  it('says the draft stays on the device only while the latest write got there', async () => {
    const writes = new DraftWrites();
    expect(closeQuestion(await writes.saved()).message).toMatch(/queda guardado como borrador en este dispositivo/);
    void writes.track(failed());
    const question = closeQuestion(await writes.saved());
    expect(question.message).toBe('No se pudo guardar el borrador en este dispositivo. Si cierras ahora, se perderá lo que escribiste.');
    expect(question.keepsDraft).toBe(false);
    // A later write that succeeds holds everything typed: the draft is there again.
    void writes.track(Promise.resolve());
    expect(closeQuestion(await writes.saved()).keepsDraft).toBe(true);
  });

  it('a write still pending when the form closes is waited for, and its failure is told', async () => {
    const writes = new DraftWrites();
    void writes.track(Promise.resolve());
    const pending = later();
    void writes.track(pending.write);
    const answer = writes.saved();
    pending.fail();
    expect(await answer).toBe(false);
  });

  it('a write on a closed database fails and is told', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    await db.open();
    db.close();
    const writes = new DraftWrites();
    expect(await writes.track(writeDraft(db, filled()))).toBe(false);
  });
});
