/**
 * A session opened by this device's verifier (state/device-login.ts) has no token: nothing is sent
 * until the server accepts the same credentials. To keep the promise 'tus cambios se enviarán
 * cuando vuelva la conexión' without asking again, the credentials typed at that login are held in
 * this tab's memory only (never stored) until the server answers; app/device-login-resume.tsx
 * sends them when the connection returns. A reload forgets them (the shell then asks for the
 * password).
 */
let held: { email: string; password: string } | null = null;

export function holdForServerLogin(email: string, password: string): void {
  held = { email, password };
}

export function heldServerLogin(): { email: string; password: string } | null {
  return held;
}

export function forgetHeldLogin(): void {
  held = null;
}
