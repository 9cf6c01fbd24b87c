import { LegalPage } from './legal-page';
import { ACUERDO_SUBTITULO, acuerdoSecciones } from './signature-agreement-content';

/** Public page /acuerdo-firma (spec 02 §2, "Terms pages"). */
export default function SignatureAgreementPage() {
  return (
    <LegalPage
      titulo="Acuerdo de Firma"
      tituloDocumento="Acuerdo de Firma"
      subtitulo={ACUERDO_SUBTITULO}
      secciones={acuerdoSecciones}
    />
  );
}
