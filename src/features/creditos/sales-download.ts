/** 'Descargar Ventas': the sales CSV comes straight from the server (it is not mirrored locally). */
export const SALES_FILE_NAME = 'ventas_realizadas.csv';

export async function downloadSales(token: string, cedula: string): Promise<void> {
  const res = await fetch('/api/descargar-ventas/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ cedula }),
  });
  if (!res.ok) throw new Error(`API Error: ${res.status}`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = SALES_FILE_NAME;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoke after the click has been handled, so the browser has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
