/**
 * Text of the Acuerdo de Firma (/acuerdo-firma), spec 02 §2 "Terms pages": parties (provider,
 * demandante, oferente), the provider is not a broker, obligations of means, waiver of claims,
 * adults of 18 or more, information usable commercially, contact data handed to offering parties,
 * recorded communications, unilateral changes, amicable composition (Ley 1563 de 2012), domicile in
 * Barranquilla, Colombian law, Ley Estatutaria 1266 de 2008, and the three document-collection
 * scenarios (online upload, scheduled pickup appointment, delivery at the office).
 * The legal wording should be reviewed by the operator's Colombian counsel before publication.
 */
import type { IdentidadOperador } from '../../domain/legal';
import { SIN_PUBLICAR } from '../../domain/legal';
import type { SeccionLegal } from './legal-content';

export const ACUERDO_SUBTITULO =
  'Condiciones que aceptan el demandante y el oferente al firmar electrónicamente una solicitud de crédito radicada a través de Radica.';

/** The sections, with the operator's identity where the text names it (or plain words without it). */
export function acuerdoSecciones(op: IdentidadOperador | null): readonly SeccionLegal[] {
  const proveedor = op
    ? `${op.razon_social}, identificada con NIT ${op.nit}, con domicilio en ${op.domicilio} y correo electrónico de contacto ${op.correo}, titular y operadora`
    : `${SIN_PUBLICAR.razon_social[0].toUpperCase()}${SIN_PUBLICAR.razon_social.slice(1)}, titular y operador`;
  const oficina = op ? `ubicada en ${op.domicilio}` : 'que EL PROVEEDOR indique en la Plataforma';
  const notificaciones = op
    ? `al correo ${op.correo} o a la dirección ${op.domicilio}`
    : `a ${SIN_PUBLICAR.correo}`;
  const solicitud = op
    ? `dirigida al correo ${op.correo} o radicada en ${op.domicilio}`
    : `presentada por ${SIN_PUBLICAR.correo}`;
  return [
    {
      id: 'partes',
      titulo: 'Partes',
      parrafos: [
        'El presente Acuerdo de Firma (en adelante, el «Acuerdo») se celebra entre las siguientes partes:',
        `a) ${proveedor} de la plataforma virtual de negocios Radica (en adelante, la «Plataforma»), quien en adelante se denominará «EL PROVEEDOR».`,
        'b) La persona natural o jurídica que, con el propósito de adquirir un bien o servicio, solicita crédito a través de la Plataforma, quien en adelante se denominará «EL DEMANDANTE».',
        'c) La entidad financiera, banco, cooperativa, comercio o aliado que recibe las solicitudes radicadas en la Plataforma y decide sobre su otorgamiento, quien en adelante se denominará «EL OFERENTE».',
        'EL DEMANDANTE y EL OFERENTE se denominarán conjuntamente «LOS USUARIOS». Este Acuerdo es complementario de los Términos y Condiciones de Uso de la Plataforma, que se entienden incorporados a él en su integridad.',
      ],
    },
    {
      id: 'definiciones',
      titulo: 'Definiciones',
      parrafos: [
        'Para la interpretación de este Acuerdo, los siguientes términos tendrán el significado que se les asigna a continuación, sea que se usen en singular o en plural:',
        'a) Solicitud: el conjunto de datos del demandante, de su ubicación, de su actividad económica, de su información financiera, de sus referencias y del crédito requerido, que se registra en la Plataforma.',
        'b) Radicado: el número único que la Plataforma asigna a cada solicitud y que permite consultar el estado de su trámite sin necesidad de iniciar sesión.',
        'c) Documentos soporte: los documentos de identidad, laborales, financieros y demás que el demandante aporta para el estudio de su solicitud.',
        'd) Firma electrónica: el método que permite identificar al firmante en relación con un mensaje de datos y que indica su aprobación del contenido de este Acuerdo, en los términos de la Ley 527 de 1999.',
      ],
    },
    {
      id: 'el-proveedor-no-es-intermediario',
      titulo: 'Naturaleza del servicio: el proveedor no es intermediario',
      parrafos: [
        'EL PROVEEDOR opera una plataforma virtual de negocios que facilita el contacto entre demandantes y oferentes. EL PROVEEDOR no es corredor, intermediario financiero, comisionista, mandatario ni representante de ninguno de LOS USUARIOS, y no participa en la celebración, ejecución ni terminación de los contratos de crédito que eventualmente se suscriban entre ellos.',
        'EL PROVEEDOR no capta recursos del público, no realiza operaciones de crédito, no estudia el riesgo crediticio y no aprueba, niega ni desembolsa créditos. Tales actividades corresponden de manera exclusiva a EL OFERENTE, quien las adelanta bajo su propia responsabilidad, de acuerdo con sus políticas internas y con la regulación que le resulte aplicable.',
        'En consecuencia, ninguna manifestación hecha a través de la Plataforma, incluidos los estados de trámite que se muestran en la consulta por número de radicado, constituye promesa, oferta o garantía de aprobación de un crédito por parte de EL PROVEEDOR.',
      ],
    },
    {
      id: 'obligaciones-de-medio',
      titulo: 'Obligaciones de medio',
      parrafos: [
        'Las obligaciones de EL PROVEEDOR son de medio y no de resultado. EL PROVEEDOR se obliga a poner la Plataforma a disposición de LOS USUARIOS y a desplegar una gestión diligente para la recepción, organización y remisión de las solicitudes y de sus documentos soporte, sin que ello comporte compromiso alguno respecto de su aprobación, de los tiempos de respuesta de los oferentes o de las condiciones del crédito.',
        'EL PROVEEDOR no garantiza que la Plataforma opere libre de errores o de interrupciones, ni que un determinado oferente reciba, estudie o responda una solicitud. Las interrupciones por mantenimiento, actualización, fallas de conectividad, caso fortuito, fuerza mayor o hechos de terceros no constituyen incumplimiento de este Acuerdo.',
      ],
    },
    {
      id: 'renuncia-a-reclamaciones',
      titulo: 'Renuncia a reclamaciones',
      parrafos: [
        'LOS USUARIOS renuncian expresamente a presentar reclamaciones, acciones o pretensiones de cualquier naturaleza contra EL PROVEEDOR, sus socios, administradores, empleados y contratistas, por razón de la aprobación, negación, demora, condiciones o desembolso de los créditos, del incumplimiento de las obligaciones que adquieran entre sí o de la información que uno de ellos suministre al otro.',
        'EL DEMANDANTE dirigirá cualquier inconformidad sobre el crédito a EL OFERENTE, y EL OFERENTE dirigirá cualquier inconformidad sobre la información o la conducta del demandante a este último. Cada uno de LOS USUARIOS mantendrá indemne a EL PROVEEDOR frente a las reclamaciones de terceros que tengan origen en sus propios actos u omisiones.',
        'Esta renuncia opera en la máxima medida permitida por la ley colombiana y no comprende los eventos de dolo o culpa grave de EL PROVEEDOR ni los derechos que la ley reconoce con carácter irrenunciable a los consumidores y a los titulares de datos personales.',
      ],
    },
    {
      id: 'mayoria-de-edad',
      titulo: 'Capacidad y mayoría de edad',
      parrafos: [
        'LOS USUARIOS que sean personas naturales declaran ser mayores de dieciocho (18) años y plenamente capaces para obligarse conforme a la ley colombiana. Las personas jurídicas actúan por medio de su representante legal o de un apoderado con facultades suficientes, quien declara que su firma obliga válidamente a la entidad que representa.',
        'EL PROVEEDOR podrá verificar en cualquier momento la identidad, la edad y la capacidad de LOS USUARIOS, y anular las solicitudes suscritas por quien no cumpla estos requisitos, sin que ello genere responsabilidad a su cargo.',
      ],
    },
    {
      id: 'caracter-de-la-informacion',
      titulo: 'Carácter y uso de la información suministrada',
      parrafos: [
        'LOS USUARIOS declaran que la información que suministran a través de la Plataforma es veraz, completa, exacta, actualizada y comprobable, y que los documentos aportados son auténticos. Quien suministre información falsa o documentos adulterados responderá civil y penalmente por ello, y su solicitud podrá ser anulada.',
        'LOS USUARIOS aceptan que la información que suministran voluntariamente a través de la Plataforma tiene, para los efectos de este Acuerdo, el carácter de información pública frente a EL PROVEEDOR y a los oferentes, y autorizan a EL PROVEEDOR para utilizarla con fines comerciales sin limitación de tiempo, territorio ni número de destinatarios, incluida su utilización para presentar la solicitud a distintos oferentes, ofrecer productos y servicios y elaborar estudios y estadísticas.',
        'La autorización anterior se otorga sin perjuicio de los derechos que la Ley Estatutaria 1266 de 2008 y la Ley Estatutaria 1581 de 2012 reconocen al titular de los datos, los cuales son irrenunciables y podrán ejercerse en la forma descrita en la sección de tratamiento de datos personales de este Acuerdo.',
      ],
    },
    {
      id: 'datos-de-contacto',
      titulo: 'Entrega de datos de contacto a los oferentes',
      parrafos: [
        'EL DEMANDANTE autoriza expresamente a EL PROVEEDOR para entregar sus datos de identificación y de contacto (nombre, número de identificación, teléfonos, correo electrónico y dirección), junto con la información de la solicitud y sus documentos soporte, a uno o varios oferentes, con el fin de que estos lo contacten, evalúen su solicitud y le presenten ofertas de crédito o de productos relacionados.',
        'Cada oferente que reciba datos a través de la Plataforma se obliga a tratarlos exclusivamente para las finalidades autorizadas, conforme a su propia política de tratamiento de datos personales y a la ley, y responde de manera directa ante el titular por el tratamiento que realice. EL OFERENTE se abstendrá de ceder dichos datos a terceros no autorizados.',
      ],
    },
    {
      id: 'grabacion-de-comunicaciones',
      titulo: 'Grabación de comunicaciones',
      parrafos: [
        'LOS USUARIOS autorizan a EL PROVEEDOR para grabar, registrar y conservar las llamadas telefónicas, videollamadas, mensajes de texto, mensajes enviados por aplicaciones de mensajería y correos electrónicos que se cursen con ocasión del uso de la Plataforma y del trámite de las solicitudes.',
        'Las grabaciones y los registros podrán utilizarse como prueba de la aceptación de este Acuerdo, de las instrucciones impartidas y de las gestiones realizadas, así como para fines de control de calidad, seguridad y atención de peticiones, quejas y reclamos. Al inicio de cada llamada se informará al interlocutor que la comunicación está siendo grabada.',
      ],
    },
    {
      id: 'tratamiento-de-datos',
      titulo: 'Tratamiento de datos personales: Ley Estatutaria 1266 de 2008',
      parrafos: [
        'El tratamiento de la información financiera, crediticia, comercial y de servicios de LOS USUARIOS se sujeta a la Ley Estatutaria 1266 de 2008, modificada por la Ley 2157 de 2021, y, en lo no previsto en ella, a la Ley Estatutaria 1581 de 2012 y a sus normas reglamentarias.',
        'En la medida en que EL PROVEEDOR suministre a los oferentes información de los demandantes, actuará como fuente de información en los términos del artículo 3 de la Ley 1266 de 2008 y cumplirá los deberes que le impone el artículo 8 de la misma ley. Los oferentes, en su calidad de usuarios de la información, cumplirán los deberes previstos en el artículo 9 de dicha ley.',
        `LOS USUARIOS podrán conocer, actualizar, rectificar y solicitar la supresión de sus datos, revocar la autorización otorgada y oponerse a su tratamiento con fines comerciales mediante solicitud ${solicitud}. Las consultas se atenderán en un término máximo de diez (10) días hábiles y los reclamos en un término máximo de quince (15) días hábiles, prorrogables en los casos y por los plazos que prevé la ley.`,
      ],
    },
    {
      id: 'recoleccion-de-documentos',
      titulo: 'Recolección de documentos',
      parrafos: [
        'EL DEMANDANTE podrá aportar los documentos soporte de su solicitud mediante cualquiera de las tres modalidades que se describen a continuación, a su elección y según la disponibilidad del servicio en su ciudad. En todas ellas, los documentos quedarán asociados al número de radicado de la solicitud y su estado podrá consultarse en la sección de seguimiento de crédito de la Plataforma.',
        'En cualquiera de las tres modalidades, EL PROVEEDOR se limita a recibir, digitalizar, custodiar y remitir los documentos; la verificación de su autenticidad y de su suficiencia para el estudio del crédito corresponde a EL OFERENTE, quien podrá solicitar documentos adicionales o la exhibición de los originales.',
      ],
      subsecciones: [
        {
          titulo: 'Carga en línea',
          parrafos: [
            'EL DEMANDANTE cargará directamente los documentos en la Plataforma, desde el formulario de registro o desde la consulta de seguimiento de crédito con su número de radicado, en los formatos y con el tamaño máximo que la Plataforma indique.',
            'EL DEMANDANTE verificará que los archivos sean legibles, completos y correspondan a la solicitud. Cuando el dispositivo no tenga conexión a internet, la carga solo se entenderá efectuada en el momento en que la Plataforma confirme su recepción.',
            'Los documentos cargados en forma digital tienen el valor probatorio que les reconoce el artículo 10 de la Ley 527 de 1999, sin perjuicio de que EL OFERENTE exija la presentación de los originales.',
          ],
        },
        {
          titulo: 'Cita programada de recogida',
          parrafos: [
            'EL DEMANDANTE podrá solicitar que un funcionario o mensajero autorizado por EL PROVEEDOR recoja los documentos físicos en la dirección, fecha y franja horaria que las partes acuerden. La cita podrá solicitarse a través de los canales de contacto de EL PROVEEDOR y será confirmada por este.',
            'El funcionario o mensajero se identificará con su documento de identidad y su carné; EL DEMANDANTE se abstendrá de entregar documentos a quien no se identifique. Al momento de la recogida se expedirá una constancia de recibo con la relación de los documentos entregados, firmada por ambas partes.',
            'Si EL DEMANDANTE no se encuentra en la dirección acordada o no tiene los documentos disponibles, la cita podrá reprogramarse de común acuerdo. Los documentos recogidos serán digitalizados, asociados al radicado y conservados o devueltos conforme a la política de gestión documental de EL PROVEEDOR.',
          ],
        },
        {
          titulo: 'Entrega en oficina',
          parrafos: [
            `EL DEMANDANTE podrá entregar los documentos personalmente, o por medio de un tercero autorizado por escrito, en la oficina de EL PROVEEDOR ${oficina}, dentro del horario de atención al público que EL PROVEEDOR informe.`,
            'Al recibir los documentos, EL PROVEEDOR expedirá una constancia de recibo con la fecha, el número de radicado y la relación de los documentos entregados. Los documentos serán digitalizados y asociados al radicado dentro de un plazo razonable contado a partir de su recibo.',
          ],
        },
      ],
    },
    {
      id: 'aceptacion-y-firma-electronica',
      titulo: 'Aceptación y firma electrónica',
      parrafos: [
        'La aceptación de este Acuerdo se perfecciona mediante la marcación de la casilla correspondiente en el formulario de registro o mediante cualquier otro mecanismo que la Plataforma habilite y que permita identificar al firmante y su voluntad de obligarse.',
        'LOS USUARIOS reconocen que dicho mecanismo constituye una firma electrónica confiable y apropiada para los fines de este Acuerdo, en los términos de la Ley 527 de 1999 y del Decreto 2364 de 2012, compilado en el Decreto Único Reglamentario 1074 de 2015, y que tiene la misma validez y los mismos efectos jurídicos que la firma manuscrita.',
        'EL PROVEEDOR podrá conservar un registro de la fecha, la hora, el usuario y la versión del Acuerdo aceptada, el cual servirá como prueba de la aceptación.',
      ],
    },
    {
      id: 'modificacion-unilateral',
      titulo: 'Modificación unilateral',
      parrafos: [
        'EL PROVEEDOR podrá modificar este Acuerdo en cualquier momento y de manera unilateral. Las modificaciones se publicarán en la Plataforma y entrarán en vigor desde su publicación, salvo que en ellas se indique una fecha posterior.',
        'LOS USUARIOS se obligan a consultar periódicamente este Acuerdo, por lo menos una (1) vez al mes. El uso de la Plataforma con posterioridad a la publicación de una modificación constituye aceptación de la versión vigente; quien no esté de acuerdo deberá abstenerse de seguir utilizándola.',
      ],
    },
    {
      id: 'solucion-de-controversias',
      titulo: 'Solución de controversias: amigable composición',
      parrafos: [
        'Toda diferencia que surja entre las partes con ocasión de la celebración, la interpretación, la ejecución o la terminación de este Acuerdo se intentará resolver en forma directa dentro de los treinta (30) días calendario siguientes a la comunicación escrita en que una parte la plantee a la otra.',
        'Si la diferencia no se resuelve en ese plazo, se someterá a amigable composición, en los términos de los artículos 59 a 61 de la Ley 1563 de 2012. El amigable componedor será una persona designada de común acuerdo por las partes o, a falta de acuerdo dentro de los diez (10) días hábiles siguientes, por el Centro de Conciliación, Arbitraje y Amigable Composición de la Cámara de Comercio de Barranquilla, de su lista oficial.',
        'La decisión del amigable componedor será obligatoria para las partes y producirá los efectos legales propios de la transacción, conforme al artículo 59 de la Ley 1563 de 2012. Los costos de la amigable composición serán asumidos por partes iguales, salvo que el amigable componedor disponga otra cosa.',
      ],
    },
    {
      id: 'domicilio-contractual',
      titulo: 'Domicilio contractual',
      parrafos: [
        'Para todos los efectos legales y contractuales derivados de este Acuerdo, las partes fijan como domicilio contractual la ciudad de Barranquilla, Atlántico, República de Colombia.',
        `Las notificaciones dirigidas a EL PROVEEDOR se enviarán ${notificaciones}. Las dirigidas a LOS USUARIOS se enviarán a los datos de contacto que hayan registrado en la Plataforma, los cuales se obligan a mantener actualizados.`,
      ],
    },
    {
      id: 'ley-aplicable',
      titulo: 'Ley aplicable',
      parrafos: [
        'Este Acuerdo se rige y se interpreta de conformidad con las leyes de la República de Colombia, en particular por las normas civiles y comerciales, por la Ley 527 de 1999 sobre comercio electrónico y por las leyes estatutarias de habeas data.',
      ],
    },
    {
      id: 'disposiciones-finales',
      titulo: 'Disposiciones finales',
      parrafos: [
        'Si alguna cláusula de este Acuerdo fuere declarada nula o ineficaz por autoridad competente, las demás conservarán plena validez y efecto.',
        'Este Acuerdo, junto con los Términos y Condiciones de Uso, constituye la totalidad de lo convenido entre las partes sobre su objeto y sustituye cualquier acuerdo anterior, verbal o escrito, sobre la misma materia. La tolerancia de una parte frente al incumplimiento de la otra no implica renuncia a exigir el cumplimiento.',
        'Al marcar la casilla de aceptación del acuerdo de firma en el formulario de registro, LOS USUARIOS declaran que han leído, comprendido y aceptado íntegramente el presente documento, y que lo suscriben mediante firma electrónica.',
      ],
    },
  ];
}
