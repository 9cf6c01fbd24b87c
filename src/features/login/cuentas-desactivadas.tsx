/**
 * On the login screen, one notice per account this device learned was deactivated
 * (state/device-login.ts, written by src/app/cuenta-desactivada.tsx): the company's data is gone
 * from the device; what the person had not sent yet stays until someone downloads it for a
 * supervisor or deletes it after confirming. A notice without unsent work is dismissed.
 */
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { RadicaDB } from '../../db/database';
import { deleteUserDb } from '../../db/device-data';
import { saveBlob } from '../../lib/api';
import { forgetRetiredAccount, retiredAccounts, type CuentaRetirada } from '../../state/device-login';
import { unsentExport } from './unsent-export';

export const CUENTA_DESACTIVADA_TEXT = 'Tu cuenta fue desactivada. Los datos de la empresa se borraron de este dispositivo.';
/** An offline login with the e-mail of an account this device knows was deactivated. */
export const CUENTA_DESACTIVADA_OFFLINE = 'Esta cuenta fue desactivada: ya no se puede abrir en este dispositivo.';
export const DOWNLOAD_LABEL = 'Descargar cambios sin enviar';
export const DISCARD_LABEL = 'Borrar cambios sin enviar';

const cambios = (n: number) => (n === 1 ? '1 cambio' : `${n} cambios`);
export const quedaron = (n: number, correo: string) =>
  n === 1 ? `Quedó 1 cambio sin enviar de ${correo}.` : `Quedaron ${n} cambios sin enviar de ${correo}.`;

export function CuentasDesactivadas() {
  const [entries, setEntries] = useState(() => retiredAccounts());
  if (!entries.length) return null;
  const done = (db: string) => {
    forgetRetiredAccount(db);
    setEntries(retiredAccounts());
  };
  return (
    <div className="mb-6 space-y-3">
      {entries.map((e) => (
        <Aviso key={e.db} entry={e} onDone={() => done(e.db)} />
      ))}
    </div>
  );
}

function Aviso({ entry, onDone }: { entry: CuentaRetirada; onDone: () => void }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'download' | 'discard' | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const n = entry.pendientes;

  const download = async () => {
    setBusy('download');
    setMessage(null);
    try {
      const { text, name } = await unsentExport(entry.db);
      saveBlob(new Blob([text], { type: 'application/json' }), name);
      setMessage({ tone: 'ok', text: `Se descargó ${name}. Los cambios siguen en este dispositivo hasta que los borres.` });
    } catch (e) {
      setMessage({ tone: 'error', text: `No se pudo descargar el archivo. ${e instanceof Error ? e.message : ''}`.trim() });
    } finally {
      setBusy(null);
    }
  };

  const discard = async () => {
    setBusy('discard');
    try {
      await deleteUserDb(new RadicaDB(entry.db), { discardUnsent: true });
      setConfirming(false);
      onDone();
    } catch (e) {
      setConfirming(false);
      setMessage({ tone: 'error', text: `No se pudieron borrar los cambios. ${e instanceof Error ? e.message : ''}`.trim() });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      role="status"
      className="rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
      data-testid="cuenta-desactivada"
    >
      <p id={titleId} className="font-semibold">
        {CUENTA_DESACTIVADA_TEXT}
      </p>
      {n > 0 ? (
        <>
          <p className="mt-2 text-sm">
            {quedaron(n, entry.correo)}{' '}
            {n === 1
              ? 'No llegó al servidor: descárgalo para que un supervisor lo registre.'
              : 'No llegaron al servidor: descárgalos para que un supervisor los registre.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" busy={busy === 'download'} busyLabel="Preparando archivo..." disabled={busy !== null} onClick={() => void download()}>
              {DOWNLOAD_LABEL}
            </Button>
            <Button variant="danger-outline" disabled={busy !== null} onClick={() => setConfirming(true)}>
              {DISCARD_LABEL}
            </Button>
          </div>
        </>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">No quedaron cambios sin enviar de {entry.correo}.</p>
          <Button onClick={onDone}>Entendido</Button>
        </div>
      )}
      {message && (
        <p role={message.tone === 'error' ? 'alert' : undefined} className={`mt-2 text-sm ${message.tone === 'error' ? 'font-medium text-red-800' : 'text-amber-950'}`}>
          {message.text}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={DISCARD_LABEL}
          message={`Se borrarán de este dispositivo ${cambios(n)} sin enviar de ${entry.correo}. ${
            n === 1
              ? 'Nunca llegó al servidor y no se podrá recuperar. Si alguien debe registrarlo, descárgalo primero.'
              : 'Nunca llegaron al servidor y no se podrán recuperar. Si alguien debe registrarlos, descárgalos primero.'
          } ¿Continuar?`}
          confirmLabel="Borrar cambios"
          busy={busy === 'discard'}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void discard()}
        />
      )}
    </section>
  );
}
