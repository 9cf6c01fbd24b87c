/**
 * Text of the Términos y Condiciones de Uso (/terminos-condiciones), spec 02 §2 "Terms pages".
 * Sections, in the order the spec lists them: introduction, object, parties, legal capacity,
 * provider obligations (of means), exclusions, waiver of claims, data policy, right of correction
 * and opposition, dispute resolution, unilateral modification, governing law, final call.
 * The legal wording should be reviewed by the operator's Colombian counsel before publication.
 */
import type { IdentidadOperador } from '../../domain/legal';
import { SIN_PUBLICAR } from '../../domain/legal';
import type { SeccionLegal } from './legal-content';

export const TERMINOS_SUBTITULO =
  'Condiciones que rigen el acceso y el uso de Radica, plataforma virtual de negocios para la radicación y el seguimiento de solicitudes de crédito.';

/** The sections, with the operator's identity where the text names it (or plain words without it). */
export function terminosSecciones(op: IdentidadOperador | null): readonly SeccionLegal[] {
  const operadoPor = op
    ? `operada por ${op.razon_social}, identificada con NIT ${op.nit}, con domicilio en ${op.domicilio} y correo electrónico de contacto ${op.correo} (en adelante, «EL PROVEEDOR»)`
    : `operada por ${SIN_PUBLICAR.razon_social} (en adelante, «EL PROVEEDOR»)`;
  const contacto = op ? `al correo ${op.correo}` : `por ${SIN_PUBLICAR.correo}`;
  const correoYDireccion = op
    ? `al correo ${op.correo} o en la dirección ${op.domicilio}`
    : `por ${SIN_PUBLICAR.correo}`;
  return [
    {
      id: 'introduccion',
      titulo: 'Introducción',
      parrafos: [
        `Los presentes Términos y Condiciones de Uso (en adelante, los «Términos») regulan el acceso y la utilización de Radica (en adelante, la «Plataforma»), plataforma virtual de negocios ${operadoPor}.`,
        'La Plataforma es un espacio tecnológico que permite a las personas que buscan financiación para la adquisición de bienes o servicios radicar solicitudes de crédito y hacer seguimiento a su trámite, y a las entidades financieras, cooperativas, comercios y demás aliados recibir dichas solicitudes para su evaluación autónoma.',
        'El acceso, el registro, la navegación o el uso de cualquiera de las funcionalidades de la Plataforma, así como la marcación de la casilla de aceptación dispuesta en el formulario de registro, implican que el usuario ha leído, entendido y aceptado de manera libre, previa, expresa e informada la totalidad de estos Términos. Si el usuario no está de acuerdo con alguna de sus disposiciones, deberá abstenerse de utilizar la Plataforma.',
        'Estos Términos se complementan con el Acuerdo de Firma y con la Política de Tratamiento de Datos Personales de EL PROVEEDOR, documentos que forman parte integral de la relación entre las partes. En caso de contradicción entre ellos, prevalecerá la disposición especial sobre la general.',
      ],
    },
    {
      id: 'objeto',
      titulo: 'Objeto',
      parrafos: [
        'El objeto de estos Términos es establecer las condiciones bajo las cuales EL PROVEEDOR pone a disposición de los usuarios la Plataforma, con el fin de facilitar el encuentro entre quienes demandan crédito y quienes lo ofrecen, mediante la captura, la organización, la radicación y el seguimiento de solicitudes y de sus documentos soporte.',
        'EL PROVEEDOR no es intermediario financiero, corredor, comisionista ni agente de ninguna de las partes. No capta recursos del público, no otorga créditos, no estudia ni aprueba solicitudes y no garantiza el resultado de ninguna de ellas. La decisión de otorgar o negar un crédito, así como la definición de sus condiciones (monto, plazo, tasa, garantías y demás), corresponde de manera exclusiva y autónoma a cada oferente, conforme a sus propias políticas y a la regulación que le sea aplicable.',
        'Las funcionalidades de la Plataforma comprenden, entre otras: el diligenciamiento del formulario de solicitud; la carga, recepción y custodia temporal de documentos; la asignación de un número de radicado; la consulta del estado del trámite mediante dicho número, sin necesidad de iniciar sesión; y el envío de la solicitud a uno o varios oferentes. EL PROVEEDOR podrá ampliar, reducir o modificar estas funcionalidades en cualquier momento.',
      ],
    },
    {
      id: 'partes',
      titulo: 'Partes',
      parrafos: [
        'Intervienen en la relación regulada por estos Términos las siguientes partes:',
        'a) EL PROVEEDOR, titular y operador de la Plataforma, cuyos datos de identificación se indican en la sección 1 (Introducción).',
        'b) EL DEMANDANTE, persona natural o jurídica que busca la adquisición de un bien o servicio y, para ello, solicita crédito a través de la Plataforma.',
        'c) EL OFERENTE, entidad financiera, banco, cooperativa, comercio o aliado que recibe las solicitudes radicadas en la Plataforma y decide de manera autónoma sobre su aprobación.',
        'Para efectos de estos Términos se denomina «usuario» a toda persona que acceda a la Plataforma, sea como demandante, como oferente o como funcionario de una empresa que utilice la Plataforma para capturar y gestionar solicitudes. Las obligaciones del usuario le son exigibles con independencia de la calidad en que actúe.',
        'Los funcionarios que registren solicitudes en nombre de un demandante declaran contar con la autorización previa de este para hacerlo y para suministrar sus datos personales, y responden por la exactitud de la información que consignen.',
      ],
    },
    {
      id: 'capacidad-legal',
      titulo: 'Capacidad legal',
      parrafos: [
        'Solo podrán utilizar la Plataforma las personas naturales mayores de dieciocho (18) años, plenamente capaces conforme a la legislación colombiana, y las personas jurídicas legalmente constituidas, que actuarán a través de su representante legal o de un apoderado debidamente facultado.',
        'Al aceptar estos Términos, el usuario declara que cumple con los requisitos de edad y capacidad aquí previstos y que la información sobre su identidad es verdadera. EL PROVEEDOR podrá solicitar en cualquier momento los documentos que acrediten la identidad, la edad o la representación legal del usuario, y suspender o cancelar, sin previo aviso, el acceso de quien no los acredite.',
        'Las solicitudes presentadas por menores de edad o por personas sin capacidad para obligarse carecerán de validez y serán eliminadas tan pronto EL PROVEEDOR tenga conocimiento de esa circunstancia, sin que ello genere responsabilidad alguna a su cargo.',
      ],
    },
    {
      id: 'obligaciones-del-proveedor',
      titulo: 'Obligaciones del proveedor',
      parrafos: [
        'Las obligaciones que asume EL PROVEEDOR en virtud de estos Términos son de medio y no de resultado. EL PROVEEDOR se compromete a emplear la diligencia y el cuidado razonables para mantener la Plataforma disponible y operativa, pero no garantiza la aprobación de ninguna solicitud, la obtención de un crédito, la celebración de negocio alguno entre demandantes y oferentes ni la obtención de un beneficio económico determinado.',
        'En desarrollo de lo anterior, EL PROVEEDOR procurará: a) mantener la Plataforma en funcionamiento, salvo interrupciones por mantenimiento, actualización, caso fortuito, fuerza mayor o hechos de terceros; b) adoptar medidas técnicas, humanas y administrativas razonables para proteger la información almacenada; c) remitir las solicitudes a los oferentes en el estado en que hayan sido diligenciadas; y d) atender las consultas y los reclamos de los usuarios por los canales dispuestos para tal fin.',
        'La Plataforma puede funcionar sin conexión a internet, de modo que parte de la información se almacena temporalmente en el dispositivo del usuario hasta que se restablece la conexión y se sincroniza con los servidores. EL PROVEEDOR no responde por la pérdida de información que no haya llegado a sincronizarse por causas ajenas a su control, como el borrado de los datos del navegador o la pérdida, el daño o el hurto del equipo.',
      ],
    },
    {
      id: 'exclusiones',
      titulo: 'Exclusiones',
      parrafos: [
        'EL PROVEEDOR no será responsable, entre otros eventos, por:',
        'a) Las decisiones que adopten los oferentes respecto de las solicitudes, incluidas su negación, su demora o las condiciones del crédito ofrecido.',
        'b) La veracidad, exactitud, integridad o vigencia de la información y de los documentos suministrados por los usuarios.',
        'c) El incumplimiento de las obligaciones que demandantes y oferentes contraigan entre sí.',
        'd) Los daños derivados de fallas en las redes de telecomunicaciones, en el suministro de energía, en los equipos de los usuarios o en servicios prestados por terceros.',
        'e) Los perjuicios ocasionados por virus, accesos no autorizados o ataques informáticos que no hayan podido evitarse pese a la adopción de medidas de seguridad razonables.',
        'f) El uso indebido de las credenciales de acceso del usuario, cuya custodia es de su exclusiva responsabilidad.',
        'Tampoco responderá EL PROVEEDOR por el contenido, las políticas ni las prácticas de los sitios web o aplicaciones de terceros a los que pueda accederse mediante enlaces incluidos en la Plataforma.',
        'Las exclusiones anteriores se aplicarán en la máxima medida permitida por la ley colombiana y no comprenden los eventos de dolo o culpa grave de EL PROVEEDOR ni los derechos que la ley reconozca al usuario con carácter irrenunciable.',
      ],
    },
    {
      id: 'renuncia-a-reclamaciones',
      titulo: 'Renuncia a reclamaciones',
      parrafos: [
        'En consideración a la naturaleza del servicio y a que EL PROVEEDOR actúa como simple facilitador tecnológico, el usuario renuncia expresamente a formular contra EL PROVEEDOR, sus socios, administradores, empleados y contratistas reclamaciones judiciales o extrajudiciales derivadas de las decisiones de los oferentes, del resultado de las solicitudes o de las relaciones comerciales que se establezcan entre demandantes y oferentes.',
        'Cualquier inconformidad relacionada con el estudio, la aprobación, el desembolso o las condiciones de un crédito deberá dirigirse directamente al oferente correspondiente, a través de sus canales de atención, de su defensor del consumidor financiero o de las autoridades competentes.',
        'La presente renuncia opera en la medida en que la ley lo permita y no impide al usuario ejercer los derechos irrenunciables que le confieren las normas de protección al consumidor y de protección de datos personales.',
      ],
    },
    {
      id: 'politica-de-datos',
      titulo: 'Política de tratamiento de datos',
      parrafos: [
        'EL PROVEEDOR actúa como responsable del tratamiento de los datos personales recolectados a través de la Plataforma, en los términos de la Ley Estatutaria 1581 de 2012 (habeas data), de sus normas reglamentarias compiladas en el Decreto Único Reglamentario 1074 de 2015 y, en lo relativo a la información financiera, crediticia, comercial y de servicios, de la Ley Estatutaria 1266 de 2008, modificada por la Ley 2157 de 2021.',
        'Al aceptar estos Términos, el usuario otorga autorización previa, expresa e informada para que EL PROVEEDOR recolecte, almacene, use, circule, transmita y transfiera sus datos personales con las siguientes finalidades: a) gestionar y radicar las solicitudes de crédito; b) remitir la solicitud y sus documentos soporte a los oferentes seleccionados o a aquellos que puedan estar interesados en ella; c) permitir que los oferentes evalúen el perfil crediticio del demandante, para lo cual estos recabarán las autorizaciones que exige la ley; d) contactar al usuario por llamada telefónica, mensaje de texto, correo electrónico o aplicaciones de mensajería; e) ofrecer productos y servicios propios o de terceros; y f) cumplir obligaciones legales y atender requerimientos de autoridades.',
        'Los datos sensibles, como los biométricos o los relativos a la salud, solo serán tratados cuando resulten indispensables para el trámite y previa autorización explícita; el usuario no está obligado a suministrarlos. No se tratarán datos de niños, niñas y adolescentes, pues la Plataforma está dirigida exclusivamente a personas mayores de edad.',
        `La información se conservará durante el tiempo necesario para cumplir las finalidades descritas y los plazos que exijan las normas contables, comerciales y de habeas data. La Política de Tratamiento de Datos Personales completa puede solicitarse en cualquier momento ${contacto}.`,
      ],
    },
    {
      id: 'rectificacion-y-oposicion',
      titulo: 'Derecho de rectificación y oposición',
      parrafos: [
        'Como titular de los datos, el usuario tiene derecho a: a) conocer, actualizar y rectificar sus datos personales frente a EL PROVEEDOR; b) solicitar prueba de la autorización otorgada; c) ser informado sobre el uso que se ha dado a sus datos; d) oponerse al tratamiento con fines distintos de los necesarios para el trámite de su solicitud, en particular los comerciales o publicitarios; e) revocar la autorización o solicitar la supresión de los datos cuando no exista un deber legal o contractual de conservarlos; f) presentar quejas ante la Superintendencia de Industria y Comercio; y g) acceder en forma gratuita a los datos objeto de tratamiento.',
        `Las consultas, las solicitudes de rectificación, oposición o supresión y los reclamos podrán presentarse ${correoYDireccion}, indicando el nombre completo y el número de identificación del titular, la descripción de los hechos que dan lugar a la solicitud y la dirección de notificación, acompañados de los documentos que se quieran hacer valer.`,
        'Las consultas se atenderán en un término máximo de diez (10) días hábiles contados a partir de la fecha de su recibo, prorrogable por cinco (5) días hábiles más; los reclamos, en un término máximo de quince (15) días hábiles, prorrogable por ocho (8) días hábiles más, de conformidad con los artículos 14 y 15 de la Ley 1581 de 2012 y el artículo 16 de la Ley 1266 de 2008. Cuando el dato se encuentre en poder de un oferente o de un operador de información, EL PROVEEDOR trasladará la solicitud a este e informará de ello al titular.',
        'El ejercicio de estos derechos no suspende el trámite de las solicitudes ya remitidas a los oferentes, las cuales se regirán, en lo que a cada oferente concierne, por sus propias políticas de tratamiento de datos.',
      ],
    },
    {
      id: 'solucion-de-controversias',
      titulo: 'Solución de controversias',
      parrafos: [
        'Las partes procurarán resolver de manera directa y de buena fe cualquier diferencia que surja con ocasión de la interpretación, la ejecución o la terminación de estos Términos, dentro de los treinta (30) días calendario siguientes a la comunicación escrita en que una de ellas la plantee a la otra.',
        'Agotada sin éxito la etapa anterior, la controversia se someterá a amigable composición, conforme a los artículos 59 y siguientes de la Ley 1563 de 2012 y demás normas colombianas aplicables. El amigable componedor será designado de común acuerdo por las partes o, a falta de acuerdo, por el Centro de Conciliación, Arbitraje y Amigable Composición de la Cámara de Comercio de Barranquilla, de su lista oficial. Su decisión será obligatoria para las partes y producirá los efectos legales propios de la transacción.',
        'Lo anterior se entiende sin perjuicio de las acciones que la ley reserve a las autoridades judiciales o administrativas, como la Superintendencia de Industria y Comercio, respecto de asuntos que no sean susceptibles de disposición por las partes.',
      ],
    },
    {
      id: 'modificacion-unilateral',
      titulo: 'Modificación unilateral',
      parrafos: [
        'EL PROVEEDOR podrá modificar, adicionar o suprimir, total o parcialmente, estos Términos en cualquier momento y de manera unilateral, para adaptarlos a cambios normativos, tecnológicos, operativos o comerciales. Las modificaciones entrarán en vigor desde su publicación en la Plataforma, salvo que en ellas se indique una fecha posterior.',
        'Se recomienda al usuario revisar estos Términos por lo menos una (1) vez al mes. La continuación en el uso de la Plataforma con posterioridad a la publicación de una modificación constituirá aceptación de la versión vigente. Si el usuario no está de acuerdo con los cambios, deberá abstenerse de seguir utilizando la Plataforma y podrá solicitar la cancelación de su registro.',
        'Las solicitudes radicadas con anterioridad a una modificación continuarán rigiéndose por la versión de los Términos vigente al momento de su radicación, salvo en lo que resulte más favorable al usuario o lo disponga una norma imperativa.',
      ],
    },
    {
      id: 'ley-aplicable',
      titulo: 'Ley aplicable',
      parrafos: [
        'Estos Términos se rigen y se interpretan de conformidad con las leyes de la República de Colombia, con exclusión de aquellas normas de conflicto que remitan a un ordenamiento extranjero.',
        'Para todos los efectos legales y contractuales, las partes fijan como domicilio contractual la ciudad de Barranquilla, Atlántico, República de Colombia.',
        'Si alguna disposición de estos Términos fuere declarada nula, ineficaz o inoponible por autoridad competente, las demás conservarán plena validez y efecto, y la disposición afectada se entenderá sustituida por aquella válida que más se aproxime a la intención original de las partes.',
      ],
    },
    {
      id: 'llamado-final',
      titulo: 'Llamado final',
      parrafos: [
        `Antes de aceptar, lea con atención estos Términos, el Acuerdo de Firma y la Política de Tratamiento de Datos Personales. Si tiene dudas sobre su alcance, puede comunicarse con EL PROVEEDOR ${contacto} antes de radicar su solicitud.`,
        'Recuerde que la aprobación de un crédito depende exclusivamente del oferente. Ni EL PROVEEDOR ni sus funcionarios están autorizados para exigir pagos, anticipos o comisiones con el fin de garantizar o agilizar la aprobación de una solicitud, ni para pedir sus contraseñas o claves bancarias. Si recibe una solicitud de ese tipo a nombre de la Plataforma, absténgase de atenderla y repórtela de inmediato.',
        'Al marcar la casilla de aceptación de los términos y condiciones de uso en el formulario de registro, el usuario declara que ha leído, comprendido y aceptado íntegramente el presente documento.',
      ],
    },
  ];
}
