import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { ServiceUnavailable } from '../errors';

export const MAIL_NOT_SET_UP = 'Email is not set up on this server, so reset links cannot be sent. Ask your clinic\'s administrator to reset your password.';

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** Mail through the SMTP server of SMTP_URL; none configured, every send is refused with MAIL_NOT_SET_UP. */
export function createMailer(mail: Config['mail']): Mailer {
  if (!mail) {
    return {
      send: () => Promise.reject(new ServiceUnavailable(MAIL_NOT_SET_UP)),
    };
  }
  const transport: Transporter = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: mail.from, ...message });
    },
  };
}
