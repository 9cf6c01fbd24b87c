/**
 * SMTP settings and the nodemailer transport behind the relay. Invariants:
 * - SMTP_URL is `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://…`
 *   (TLS from the start); a malformed value stops the start with a message naming the variable;
 * - without SMTP_URL there is no relay: e-mails stay queued in email_outbox;
 * - the transport's timeouts are far below the relay's lease, so a send never outlives its claim.
 */
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Db } from '../../db/client';
import { EmailRelay, type MailTransport, type RelayLog, type RelayTuning } from './relay';

export interface MailConfig {
  smtpUrl: string;
  from: string;
}

/** The mail settings from the environment; null without SMTP_URL. Throws on a bad value. */
export function mailConfigFrom(env: { SMTP_URL?: string; MAIL_FROM?: string }): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL no es una URL válida (ejemplo: smtp://usuario:clave@smtp.ejemplo.co:587).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error('SMTP_URL debe empezar por smtp:// o smtps://.');
  }
  if (!url.hostname) throw new Error('SMTP_URL no indica el servidor.');
  const from = env.MAIL_FROM?.trim();
  if (!from || !/@[A-Za-z0-9.-]+/.test(from)) {
    throw new Error('MAIL_FROM es obligatorio con SMTP_URL: la dirección remitente, p. ej. "Radica <no-reply@ejemplo.co>".');
  }
  return { smtpUrl, from };
}

/** A pooled nodemailer transport for the URL (query options such as `tls.rejectUnauthorized` pass through). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...parseConnectionUrl(smtpUrl),
  });
}

export function startEmailRelay(opts: { db: Db; config: MailConfig; log?: RelayLog; tuning?: Partial<RelayTuning> }): EmailRelay {
  const relay = new EmailRelay({
    db: opts.db,
    transport: createSmtpTransport(opts.config.smtpUrl),
    from: opts.config.from,
    log: opts.log,
    tuning: opts.tuning,
  });
  relay.start();
  return relay;
}
