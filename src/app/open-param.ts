/** `/?solicitud=<id>` opens that application's 'Editar Registro' on the home route (a notification links there). */
export const OPEN_PARAM = 'solicitud';
