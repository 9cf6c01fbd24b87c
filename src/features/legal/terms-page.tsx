import { useEffect } from 'react';
import { FECHA_VIGENCIA } from './legal-content';
import { LegalLayout } from './legal-layout';
import { TERMINOS_SECCIONES, TERMINOS_SUBTITULO } from './terms-content';

/** Public page /terminos-condiciones (spec 02 §2, "Terms pages"). */
export default function TermsPage() {
  useEffect(() => {
    const anterior = document.title;
    document.title = 'Términos y Condiciones — Radica';
    return () => {
      document.title = anterior;
    };
  }, []);

  return (
    <LegalLayout
      titulo="Términos y Condiciones de Uso"
      subtitulo={TERMINOS_SUBTITULO}
      vigencia={FECHA_VIGENCIA}
      secciones={TERMINOS_SECCIONES}
    />
  );
}
