import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  /** The message source with quoted-printable undone (enough to read a plain-text mail's lines). */
  text: string;
}

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
const unquote = (source: string) => source.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A local SMTP server that accepts every message (no auth, no TLS), for tests of the mail the app sends. */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let source = '';
      stream.on('data', (chunk: Buffer) => (source += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), text: unquote(source) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMailTo(address, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(address.toLowerCase()));
        if (mail) {
          received.splice(received.indexOf(mail), 1);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
