import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../problem';
import { isTwilioSignatureValid } from '../services/sms/signature';
import { registerOperation } from './operation-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The posted form's fields as sent, on the Twilio webhook only (its signature covers every one of them). */
    formFields?: Readonly<Record<string, string>>;
  }
}

/** Twilio answers nothing itself: the reply is texted by the SMS worker. */
const EMPTY_TWIML = '<Response/>';

/**
 * Twilio's incoming-message webhook (docs/product.md#a-wingmate-by-text-message), in a context of its own: only
 * this route reads form-encoded bodies, and keeps their fields for the signature check.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function smsRoutes(app: FastifyInstance): Promise<void> {
  const config = app.auth.config;
  // Twilio signs the URL its console holds: the public address, never the Host header this request came with.
  const signedUrl = `${config.publicApiUrl}${operations.receiveTwilioSms.path}`;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      const fields = Object.fromEntries(new URLSearchParams(body as string));
      request.formFields = fields;
      done(null, fields);
    },
  );

  registerOperation(app, operations.receiveTwilioSms, async (request, reply) => {
    const webhook = config.twilioWebhook;
    const header = request.headers['x-twilio-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    const signed =
      webhook !== undefined &&
      request.formFields !== undefined &&
      isTwilioSignatureValid(webhook.authToken, signature, signedUrl, request.formFields);
    const body = request.body;
    if (!signed || body.AccountSid !== webhook.accountSid || body.To !== config.systemNumber) {
      throw Problem.detail(403, 'This request was not signed by Twilio for this number.');
    }
    await app.smsInbox.receive({
      messageSid: body.MessageSid,
      from: body.From,
      body: body.Body,
      optOutType: body.OptOutType,
    });
    reply.type('text/xml');
    return EMPTY_TWIML;
  });
}
