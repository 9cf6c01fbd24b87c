/**
 * 'Cambiar contraseña' on the profile: the current password and the new one twice, sent to
 * POST /api/perfil/contrasena (online only: the server must check the current one). The server
 * ends every other session of the user and answers a new token for this one, which replaces the
 * stored session (the sync worker follows it), so nobody is logged out here; the device's
 * offline-login verifier is renewed with the new password.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { TextField } from '../../components/ui/text-field';
import type { Session } from '../../domain/session';
import { CambioContrasenaSchema, PASSWORD_MIN, type CambioContrasena } from '../../domain/usuario';
import { ApiError, apiJson } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { rememberDeviceLogin } from '../../state/device-login';
import { sessionAtom, storeSession } from '../../state/session';

export const CONTRASENA_OK = 'Contraseña actualizada. Se cerraron tus otras sesiones.';
export const CONTRASENA_ERROR = 'No se pudo cambiar la contraseña';
export const CONTRASENA_SIN_CONEXION = 'Necesitas conexión para cambiar la contraseña.';

export function PasswordDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const setSession = useSetAtom(sessionAtom);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<CambioContrasena>({
    defaultValues: { actual: '', nueva: '', confirmacion: '' },
    resolver: valibotResolver(CambioContrasenaSchema),
  });
  const guard = useDiscardGuard(isDirty && !busy, onClose);

  const save = async (values: CambioContrasena) => {
    setBusy(true);
    try {
      const { access_token } = await apiJson<{ access_token: string }>('/api/perfil/contrasena', {
        method: 'POST',
        token: session.token,
        body: JSON.stringify(values),
      });
      const next = { token: access_token, user: session.user };
      storeSession(next);
      setSession({ status: 'authenticated', session: next });
      await rememberDeviceLogin(session.user.correo, values.nueva, session.user).catch(() => undefined);
      toast.success(CONTRASENA_OK);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields = Object.entries(error.fields).filter(([k]) => k === 'actual' || k === 'nueva' || k === 'confirmacion');
        for (const [k, message] of fields) setError(k as keyof CambioContrasena, { type: 'server', message });
        if (fields.length) setFocus(fields[0][0] as keyof CambioContrasena);
        else toast.error(CONTRASENA_ERROR, { description: error.message });
      } else {
        const description = error instanceof ApiError && error.network ? CONTRASENA_SIN_CONEXION : error instanceof Error ? error.message : undefined;
        toast.error(CONTRASENA_ERROR, { description });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Cambiar contraseña"
      size="md"
      onClose={guard.requestClose}
      footer={
        <>
          <Button onClick={guard.requestClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="perfil-contrasena" variant="primary" busy={busy} busyLabel="Guardando..." disabled={!online}>
            Cambiar contraseña
          </Button>
        </>
      }
    >
      <form id="perfil-contrasena" noValidate onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-4">
        {!online && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {CONTRASENA_SIN_CONEXION}
          </p>
        )}
        <TextField label="Contraseña actual" type="password" autoComplete="current-password" {...register('actual')} error={errors.actual?.message} />
        <TextField
          label="Contraseña nueva"
          type="password"
          autoComplete="new-password"
          hint={`Mínimo ${PASSWORD_MIN} caracteres.`}
          {...register('nueva')}
          error={errors.nueva?.message}
        />
        <TextField
          label="Repite la contraseña nueva"
          type="password"
          autoComplete="new-password"
          {...register('confirmacion')}
          error={errors.confirmacion?.message}
        />
        <p className="text-sm text-slate-600">Al cambiarla se cerrarán tus sesiones en otros dispositivos; en este seguirás conectado.</p>
      </form>
      {guard.prompt}
    </Dialog>
  );
}
