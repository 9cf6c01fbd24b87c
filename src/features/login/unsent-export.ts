/**
 * The file 'Descargar cambios sin enviar' gives for a deactivated account: JSON a supervisor can
 * read and type in again. Each change as it was described when the company's data left the device
 * (field labels, money '$ 180.000.000', dates dd/mm/yyyy; src/app/unsent-work.ts) and every file
 * still to upload, with its content in base64 so nothing stays behind on the device.
 */
import { getMeta, RadicaDB } from '../../db/database';
import { formatDateTime, formatFileSize } from '../../domain/format';

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

interface FileOut {
  nombre: string;
  tipo: string;
  tamaño: string;
  contenido_base64: string;
}

/** The JSON text and the file name of a deactivated account's unsent work in database `dbName`. */
export async function unsentExport(dbName: string): Promise<{ text: string; name: string }> {
  const db = new RadicaDB(dbName);
  try {
    const [kept, files, drafts] = await Promise.all([getMeta(db, 'cuentaDesactivada'), db.files.toArray(), db.drafts.toArray()]);
    if (!kept) throw new Error('No se encontraron cambios sin enviar en este dispositivo.');
    const blobs: Array<{ nombre: string; mime: string; size: number; blob: Blob }> = files.flatMap((f) =>
      f.blob && f.status !== 'uploaded' ? [{ nombre: f.nombre, mime: f.mime, size: f.size, blob: f.blob }] : [],
    );
    for (const d of drafts) {
      const stored = (d.values as { files?: unknown } | null)?.files;
      for (const f of Array.isArray(stored) ? stored : []) {
        const file = f as { nombre?: unknown; mime?: unknown; size?: unknown; blob?: unknown };
        if (file.blob instanceof Blob && typeof file.nombre === 'string') {
          blobs.push({ nombre: file.nombre, mime: String(file.mime ?? ''), size: Number(file.size ?? file.blob.size), blob: file.blob });
        }
      }
    }
    const archivos: FileOut[] = [];
    for (const f of blobs) archivos.push({ nombre: f.nombre, tipo: f.mime, tamaño: formatFileSize(f.size), contenido_base64: await base64(f.blob) });
    const doc = {
      titulo: `Cambios sin enviar de ${kept.correo}`,
      cuenta: { correo: kept.correo, nombre: kept.nombre },
      cuenta_desactivada_el: formatDateTime(kept.at),
      nota: 'Estos cambios se hicieron en el dispositivo y nunca llegaron al servidor: la cuenta fue desactivada antes. Un supervisor puede registrarlos de nuevo.',
      cambios: kept.items,
      archivos,
    };
    const day = kept.at.slice(0, 10);
    return { text: JSON.stringify(doc, null, 2), name: `cambios-sin-enviar-${kept.correo}-${day}.json` };
  } finally {
    db.close();
  }
}
