/** 'Descargar Ventas': the sales CSV comes straight from the server (it is not mirrored locally). */
import { apiRequest, saveBlob } from '../../lib/api';

export const SALES_FILE_NAME = 'ventas_realizadas.csv';

/**
 * Where a download stands: the server is making the file (at 50,000 applications that is most of
 * the wait, 1.4-2.4 s), or its bytes are arriving.
 */
export type SalesPhase = 'preparando' | 'descargando';

/** Fails with an ApiError (the server's Spanish message, or no connection). */
export async function downloadSales(token: string, cedula: string, onPhase?: (phase: SalesPhase) => void): Promise<void> {
  onPhase?.('preparando');
  const res = await apiRequest('/api/descargar-ventas/', { method: 'POST', token, body: JSON.stringify({ cedula }) });
  onPhase?.('descargando');
  saveBlob(await res.blob(), SALES_FILE_NAME);
}
