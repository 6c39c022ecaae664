import { createHmac, randomBytes } from 'node:crypto';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

export interface TwilioSentMessage {
  readonly to: string;
  readonly from: string | undefined;
  readonly messagingServiceSid: string | undefined;
  readonly body: string;
}

/** A text a phone sends to the fake account's number, which Twilio posts to the messaging webhook. */
export interface TwilioInbound {
  /** The webhook URL as configured in Twilio's console: what the signature covers. */
  readonly url: string;
  /** Where the request goes, when not to `url` itself (a local server behind the public address). */
  readonly via?: string;
  readonly from: string;
  readonly body: string;
  /** `STOP`, `START` or `HELP`: Advanced Opt-Out answered the keyword itself. */
  readonly optOutType?: string;
  /** A given id, to replay a delivery; new by default. */
  readonly messageSid?: string;
  /** Another number than the account's, or another account, as a forged request might claim. */
  readonly to?: string;
  readonly accountSid?: string;
  /** Signs with this token instead of the account's (a forger's guess). */
  readonly authToken?: string;
}

export interface TwilioWebhookAnswer {
  readonly messageSid: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

export interface FakeTwilio extends FakeServer {
  readonly accountSid: string;
  readonly authToken: string;
  /** The account's number, which inbound texts are sent to (the API's default `SYSTEM_NUMBER`). */
  readonly phoneNumber: string;
  readonly messages: TwilioSentMessage[];
  /** The next `times` requests answer `status` with Twilio's error body. */
  failNext(status: number, times?: number): void;
  /** Posts an incoming text to a webhook as Twilio's servers do: form-encoded, with `X-Twilio-Signature`. */
  sendInbound(inbound: TwilioInbound): Promise<TwilioWebhookAnswer>;
}

/**
 * Twilio's `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the URL followed by each field's
 * name and value, the names sorted.
 */
export function signTwilioRequest(
  authToken: string,
  url: string,
  fields: Readonly<Record<string, string>>,
): string {
  const signed = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * Twilio's Messages API as the real one answers it: basic auth with the account SID and auth token,
 * form-encoded `To`, `From` or `MessagingServiceSid`, `Body`; 201 with a message resource, or Twilio's
 * error body `{code, message, more_info, status}`.
 */
export async function startFakeTwilio(phoneNumber = '+15550100000'): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const messages: TwilioSentMessage[] = [];
  const failures: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const server = await startHttpFake((request, body, response) => {
    if (request.method !== 'POST' || request.url !== path) {
      return sendJson(response, 404, twilioError(20404, 'The requested resource was not found', 404));
    }
    if (request.headers.authorization !== expectedAuth) {
      return sendJson(response, 401, twilioError(20003, 'Authenticate', 401));
    }
    const failure = failures.shift();
    if (failure) return sendJson(response, failure, twilioError(20500, 'Internal Server Error', failure));
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return sendJson(response, 400, twilioError(21620, 'Invalid content type', 400));
    }
    const form = new URLSearchParams(body);
    const to = form.get('To');
    const text = form.get('Body');
    const from = form.get('From') ?? undefined;
    const messagingServiceSid = form.get('MessagingServiceSid') ?? undefined;
    if (!to) return sendJson(response, 400, twilioError(21604, "A 'To' phone number is required.", 400));
    if (!from && !messagingServiceSid) {
      return sendJson(response, 400, twilioError(21603, "A 'From' phone number is required.", 400));
    }
    if (!text) return sendJson(response, 400, twilioError(21602, 'Message body is required.', 400));
    messages.push({ to, from, messagingServiceSid, body: text });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    return sendJson(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from: from ?? null,
      messaging_service_sid: messagingServiceSid ?? null,
      body: text,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });

  return {
    ...server,
    accountSid,
    authToken,
    phoneNumber,
    messages,
    failNext: (status, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    sendInbound: async (inbound) => {
      const messageSid = inbound.messageSid ?? `SM${randomBytes(16).toString('hex')}`;
      // The fields Twilio posts for an SMS, the ones this fake has no use for included: all are signed.
      const fields: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: messageSid,
        NumMedia: '0',
        SmsSid: messageSid,
        SmsStatus: 'received',
        Body: inbound.body,
        FromCountry: 'US',
        To: inbound.to ?? phoneNumber,
        NumSegments: '1',
        MessageSid: messageSid,
        AccountSid: inbound.accountSid ?? accountSid,
        From: inbound.from,
        ApiVersion: '2010-04-01',
        ...(inbound.optOutType && { OptOutType: inbound.optOutType }),
      };
      const response = await fetch(inbound.via ?? inbound.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signTwilioRequest(inbound.authToken ?? authToken, inbound.url, fields),
        },
        body: new URLSearchParams(fields).toString(),
      });
      return {
        messageSid,
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: await response.text(),
      };
    },
  };
}

function twilioError(code: number, message: string, status: number) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}
