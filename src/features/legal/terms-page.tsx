import { LegalPage } from './legal-page';
import { TERMINOS_SUBTITULO, terminosSecciones } from './terms-content';

/** Public page /terminos-condiciones (spec 02 §2, "Terms pages"). */
export default function TermsPage() {
  return (
    <LegalPage
      titulo="Términos y Condiciones de Uso"
      tituloDocumento="Términos y Condiciones"
      subtitulo={TERMINOS_SUBTITULO}
      secciones={terminosSecciones}
    />
  );
}
