import { useEffect } from 'react';
import { FECHA_VIGENCIA } from './legal-content';
import { LegalLayout } from './legal-layout';
import { ACUERDO_SECCIONES, ACUERDO_SUBTITULO } from './signature-agreement-content';

/** Public page /acuerdo-firma (spec 02 §2, "Terms pages"). */
export default function SignatureAgreementPage() {
  useEffect(() => {
    const anterior = document.title;
    document.title = 'Acuerdo de Firma — Radica';
    return () => {
      document.title = anterior;
    };
  }, []);

  return (
    <LegalLayout
      titulo="Acuerdo de Firma"
      subtitulo={ACUERDO_SUBTITULO}
      vigencia={FECHA_VIGENCIA}
      secciones={ACUERDO_SECCIONES}
    />
  );
}
