/**
 * State of the public tracking page: the lookup, the last filing kept on the device, and the
 * document uploads that wait in the phone's queue until there is a connection.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchEstados, fetchRadicado, readUltima, saveUltima, SearchError, SEARCH_ERROR, type Radicado, type UltimaConsulta } from './tracking-api';
import { enqueueFiles, flushQueue, pendingFor, type FileProgress, type PendingUpload } from './upload-queue';
import { ATTACHMENTS_POLICY, blobSource, checkFile } from '../../domain/file-policy';
import { normalizarRadicado } from '../../domain/ids';

/** Why the chosen files cannot go: a sentence, and each refused file with its reason. */
export interface ProblemaCarga {
  mensaje: string;
  rechazados: { nombre: string; motivo: string }[];
}

/** The files the server's own policy refuses (type by content, size), each with its reason. */
async function rechazadosDe(files: File[]): Promise<Array<{ file: File; nombre: string; motivo: string }>> {
  const rechazados: Array<{ file: File; nombre: string; motivo: string }> = [];
  for (const f of files) {
    try {
      await checkFile(blobSource(f), { nombre: f.name, mime: f.type || null }, ATTACHMENTS_POLICY);
    } catch (error) {
      rechazados.push({ file: f, nombre: f.name, motivo: error instanceof Error ? error.message : `Tipo de archivo no permitido: ${f.name}` });
    }
  }
  return rechazados;
}

const sinArchivo = (r: { nombre: string; motivo: string }) => ({ nombre: r.nombre, motivo: r.motivo });

/**
 * Every problem with the files about to be sent under the server's own policy. When one is
 * refused none is sent, and the applicant reads which and why, so they can choose again.
 */
async function problemaArchivos(files: File[]): Promise<ProblemaCarga | null> {
  if (!files.length) return { mensaje: 'Por favor seleccione al menos un archivo', rechazados: [] };
  const rechazados = await rechazadosDe(files);
  if (!rechazados.length) return null;
  return {
    mensaje:
      rechazados.length === 1 && files.length === 1
        ? 'No se subió el archivo:'
        : `No se subió ningún archivo: ${rechazados.length === 1 ? '1 archivo no cumple' : `${rechazados.length} archivos no cumplen`} los requisitos.`,
    rechazados: rechazados.map(sinArchivo),
  };
}

/** What the applicant reads when files they have just chosen are taken out of the choice. */
export function textoQuitados(quitados: number, elegidos: number): string {
  if (elegidos === 1) return 'No se puede subir el archivo:';
  if (quitados === elegidos) return `Se quitaron los ${elegidos} archivos elegidos porque no cumplen los requisitos:`;
  return quitados === 1
    ? `Se quitó 1 de los ${elegidos} archivos elegidos porque no cumple los requisitos:`
    : `Se quitaron ${quitados} de los ${elegidos} archivos elegidos porque no cumplen los requisitos:`;
}

/** A search with no answer from the server, with and without a filing kept on this device. */
export const SIN_CONEXION_GUARDADA =
  'Sin conexión: no se pudo buscar el radicado. Se muestra la última consulta guardada en este dispositivo.';
export const SIN_CONEXION = 'Sin conexión: no se pudo buscar el radicado. Inténtelo de nuevo cuando vuelva la conexión.';
const sinConexion = (e: string | null) => e === SIN_CONEXION_GUARDADA || e === SIN_CONEXION;

/** Said after a refusal that may pass later: the files were kept. */
export const ARCHIVOS_GUARDADOS = 'Los archivos siguen guardados en este dispositivo; puedes reintentar el envío más tarde.';

export function useSeguimiento() {
  const [ultima, setUltima] = useState<UltimaConsulta | null>(() => readUltima());
  const [numero, setNumero] = useState(() => ultima?.data.id_radicado ?? '');
  const [buscando, setBuscando] = useState(false);
  const [cargandoEstados, setCargandoEstados] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [pendientes, setPendientes] = useState<PendingUpload[]>([]);
  /** Each file of the flush in course with its bytes sent; null when nothing is being sent. */
  const [progreso, setProgreso] = useState<FileProgress[] | null>(null);
  const [mensaje, setMensaje] = useState<string | null>(null);
  const [errorCarga, setErrorCarga] = useState<ProblemaCarga | null>(null);

  const radicado = ultima?.data.id_radicado ?? null;
  const radicadoRef = useRef<string | null>(radicado);
  const ultimaRef = useRef(ultima);
  useEffect(() => {
    radicadoRef.current = radicado;
    ultimaRef.current = ultima;
  }, [radicado, ultima]);

  /** Shows (and keeps) a filing; its company's status list carries over while it is the same one. */
  const mostrar = useCallback((data: Radicado, estados?: string[]) => {
    const previa = ultimaRef.current;
    const guardada = saveUltima(data, estados ?? (previa?.data.id_radicado === data.id_radicado ? previa.estados : undefined));
    ultimaRef.current = guardada;
    setUltima(guardada);
  }, []);

  /** Loads the status list of the shown filing's company ('Cargando estados...' meanwhile). */
  const cargasEstados = useRef(0);
  const cargarEstados = useCallback(async (rad: string) => {
    cargasEstados.current++;
    setCargandoEstados(true);
    try {
      const estados = await fetchEstados(rad);
      const actual = ultimaRef.current;
      if (estados && radicadoRef.current === rad && actual) mostrar(actual.data, estados);
    } finally {
      setCargandoEstados(--cargasEstados.current > 0);
    }
  }, [mostrar]);

  const cargarPendientes = useCallback(async (rad: string | null) => {
    setPendientes(rad ? await pendingFor(rad) : []);
  }, []);

  /**
   * Reloads the shown filing without disturbing the screen when there is no connection; with
   * `conEstados` (on load and on reconnecting, not after an upload) its status list too.
   */
  const refrescar = useCallback(async (rad: string, conEstados = false) => {
    try {
      const data = await fetchRadicado(rad);
      if (radicadoRef.current !== rad) return;
      mostrar(data);
      if (conEstados) void cargarEstados(rad);
    } catch (err) {
      if (err instanceof SearchError && !err.network && radicadoRef.current === rad) {
        setError(err.message);
        setUltima(null);
      }
    }
  }, [mostrar, cargarEstados]);

  const procesarCola = useCallback(async () => {
    let results;
    try {
      results = await flushQueue((p) =>
        setProgreso((list) => {
          const rest = (list ?? []).filter((f) => f.upload_id !== p.upload_id);
          return [...rest, p].sort((a, b) => a.upload_id.localeCompare(b.upload_id));
        }),
      );
    } finally {
      setProgreso(null);
    }
    const rad = radicadoRef.current;
    const mio = results.find((r) => r.radicado === rad);
    if (rad && mio) {
      if (mio.subidos > 0) {
        setMensaje(`${mio.subidos} archivo(s) subido(s)`);
        await refrescar(rad);
      }
      // A refusal for good drops the file; one that may pass later (the day's limit, a server
      // briefly down, a connection cut mid-way) keeps it on the phone: either way the applicant
      // reads why, never a silent 'pendiente'.
      if (mio.error) {
        const { message, retryable } = mio.error;
        setErrorCarga({ mensaje: retryable ? `${message.replace(/\.?$/, '.')} ${ARCHIVOS_GUARDADOS}` : message, rechazados: [] });
      }
    }
    await cargarPendientes(rad);
  }, [cargarPendientes, refrescar]);

  const buscar = useCallback(async (): Promise<boolean> => {
    // 'rad-83w5pb7n', 'RAD 83W5PB7N' or just '83W5PB7N': the one filing number (the server reads it so too).
    const n = numero.trim() ? normalizarRadicado(numero) : '';
    setMensaje(null);
    setErrorCarga(null);
    if (!n) {
      setError('Por favor ingrese un número de radicado');
      return false;
    }
    setBuscando(true);
    setError(null);
    try {
      const data = await fetchRadicado(n);
      radicadoRef.current = data.id_radicado;
      setNumero(data.id_radicado);
      mostrar(data);
      void cargarEstados(data.id_radicado);
      return true;
    } catch (err) {
      if (err instanceof SearchError && err.network) {
        // No answer is not 'not found': the copy on this device stays, with its upload box.
        setError(ultimaRef.current ? SIN_CONEXION_GUARDADA : SIN_CONEXION);
        return false;
      }
      setError(err instanceof Error && err.message ? err.message : SEARCH_ERROR);
      setUltima(null);
      return false;
    } finally {
      setBuscando(false);
    }
  }, [numero, mostrar, cargarEstados]);

  /**
   * Checks files as they are chosen (as the forms do), before anything is sent: returns those the
   * server will take, and names the others with their reasons.
   */
  const revisar = useCallback(async (files: File[]): Promise<File[]> => {
    setMensaje(null);
    const rechazados = await rechazadosDe(files);
    setErrorCarga(rechazados.length ? { mensaje: textoQuitados(rechazados.length, files.length), rechazados: rechazados.map(sinArchivo) } : null);
    const fuera = new Set(rechazados.map((r) => r.file));
    return files.filter((f) => !fuera.has(f));
  }, []);

  const subir = useCallback(
    async (files: File[]): Promise<boolean> => {
      const rad = radicadoRef.current;
      setMensaje(null);
      const problema = await problemaArchivos(files);
      setErrorCarga(problema);
      if (problema || !rad) return false;
      try {
        await enqueueFiles(rad, files);
      } catch {
        setErrorCarga({ mensaje: 'Error al subir los archivos', rechazados: [] });
        return false;
      }
      if (!navigator.onLine) {
        await cargarPendientes(rad);
        return true;
      }
      setProgreso([]);
      await procesarCola();
      return true;
    },
    [cargarPendientes, procesarCola],
  );

  useEffect(() => {
    void cargarPendientes(radicado);
  }, [radicado, cargarPendientes]);

  // On load: refresh the kept filing and send what was left waiting; again whenever we reconnect.
  useEffect(() => {
    const alConectar = () => {
      setOnline(true);
      setError((e) => (sinConexion(e) ? null : e)); // the connection is back: that notice is stale
      const rad = radicadoRef.current;
      void (async () => {
        await procesarCola();
        if (rad) await refrescar(rad, true);
      })();
    };
    const alDesconectar = () => setOnline(false);
    window.addEventListener('online', alConectar);
    window.addEventListener('offline', alDesconectar);
    // A connection lost between the first render and now sent its event to nobody: read it again.
    if (navigator.onLine) alConectar();
    else alDesconectar();
    return () => {
      window.removeEventListener('online', alConectar);
      window.removeEventListener('offline', alDesconectar);
    };
  }, [procesarCola, refrescar]);

  return {
    ultima,
    numero,
    setNumero,
    buscando,
    cargandoEstados,
    error,
    online,
    pendientes,
    progreso,
    mensaje,
    errorCarga,
    revisar,
    buscar,
    subir,
    reintentar: () => {
      // The reason shown was the last attempt's; this attempt says its own.
      setErrorCarga(null);
      void procesarCola();
    },
  };
}
