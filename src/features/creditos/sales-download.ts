/** 'Descargar Ventas': the sales CSV comes straight from the server (it is not mirrored locally). */
import { apiBlob, saveBlob } from '../../lib/api';

export const SALES_FILE_NAME = 'ventas_realizadas.csv';

/** Fails with an ApiError (the server's Spanish message, or no connection). */
export async function downloadSales(token: string, cedula: string): Promise<void> {
  const blob = await apiBlob('/api/descargar-ventas/', { method: 'POST', token, body: JSON.stringify({ cedula }) });
  saveBlob(blob, SALES_FILE_NAME);
}
