/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps every message it
 * accepted, parsed with `mailparser`. `decide` may refuse a message (a reply code) or run code
 * while a message is in flight, before it is answered (to stop a relay at that exact point).
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface Received {
  /** 1-based number of the DATA command across the sink's life (accepted or not). */
  n: number;
  to: string[];
  from: string;
  messageId: string;
  raw: string;
  mail: ParsedMail;
}

export interface SinkOptions {
  secure?: boolean;
  user?: string;
  pass?: string;
  /** Called with each message's number before it is answered; a number refuses it with that code. */
  decide?: (n: number, mail: ParsedMail) => Promise<number | void> | number | void;
}

export interface SmtpSink {
  url: string;
  port: number;
  /** Messages accepted (answered 250), in order. */
  accepted: Received[];
  /** Every DATA seen, including refused ones. */
  attempts: number;
  close(): Promise<void>;
}

export async function startSmtpSink(opts: SinkOptions = {}): Promise<SmtpSink> {
  const user = opts.user ?? 'radica';
  const pass = opts.pass ?? 'clave-smtp';
  const sink: SmtpSink = { url: '', port: 0, accepted: [], attempts: 0, close: async () => undefined };
  const server = new SMTPServer({
    secure: !!opts.secure,
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(new Error('Credenciales SMTP inválidas'));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const n = ++sink.attempts;
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw)
          .then(async (mail) => {
            const code = await opts.decide?.(n, mail);
            if (typeof code === 'number') {
              const err = Object.assign(new Error(code >= 500 ? 'Buzón no disponible' : 'Intente más tarde'), { responseCode: code });
              return callback(err);
            }
            sink.accepted.push({
              n,
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              messageId: mail.messageId ?? '',
              raw,
              mail,
            });
            callback(null);
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  sink.port = port;
  const query = opts.secure ? '?tls.rejectUnauthorized=false' : '';
  sink.url = `${opts.secure ? 'smtps' : 'smtp'}://${user}:${pass}@127.0.0.1:${port}${query}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
