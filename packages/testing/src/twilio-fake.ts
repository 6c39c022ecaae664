import { randomBytes } from 'node:crypto';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

export interface TwilioSentMessage {
  readonly to: string;
  readonly from: string | undefined;
  readonly messagingServiceSid: string | undefined;
  readonly body: string;
}

export interface FakeTwilio extends FakeServer {
  readonly accountSid: string;
  readonly authToken: string;
  readonly messages: TwilioSentMessage[];
  /** The next `times` requests answer `status` with Twilio's error body. */
  failNext(status: number, times?: number): void;
}

/**
 * Twilio's Messages API as the real one answers it: basic auth with the account SID and auth token,
 * form-encoded `To`, `From` or `MessagingServiceSid`, `Body`; 201 with a message resource, or Twilio's
 * error body `{code, message, more_info, status}`.
 */
export async function startFakeTwilio(): Promise<FakeTwilio> {
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
    messages,
    failNext: (status, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(status);
    },
  };
}

function twilioError(code: number, message: string, status: number) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}
