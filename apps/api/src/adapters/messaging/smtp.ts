import nodemailer from 'nodemailer';
import { DeliveryError, type EmailMessage, type EmailSender } from './ports';

/** Sends e-mail through an SMTP server (`smtp://user:pass@host:587`, `smtps://...:465`) with nodemailer. */
export function smtpEmailSender(smtpUrl: string, from: string): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    send: async (message: EmailMessage) => {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        throw new DeliveryError(
          `The SMTP server did not take the e-mail: ${(error as Error).message}`,
          'smtp',
          error,
        );
      }
    },
    close: () => transport.close(),
  };
}
