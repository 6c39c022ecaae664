import { timerSleep } from '@wingmate/runtime';
import type { TwilioConfig } from '../../config';
import { isRetryableStatus } from '../http-retry';
import { DeliveryError, type SmsSender } from './ports';

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 3;

interface TwilioErrorBody {
  code?: number;
  message?: string;
}

/**
 * Sends SMS through Twilio's REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, basic auth).
 * Throttling (429) and server errors are retried with backoff; a refusal (4xx) is final.
 */
export function twilioSmsSender(
  config: TwilioConfig,
  fetcher: typeof fetch = fetch,
  wait: (ms: number) => Promise<void> = timerSleep,
): SmsSender {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = config.from.startsWith('MG')
    ? { MessagingServiceSid: config.from }
    : { From: config.from };

  return {
    name: 'twilio',
    send: async (to, body) => {
      const form = new URLSearchParams({ To: to, Body: body, ...sender });
      for (let attempt = 1; ; attempt++) {
        const outcome = await postOnce(fetcher, url, authorization, form);
        if (outcome.ok) return;
        if (!outcome.retryable || attempt >= ATTEMPTS) {
          throw new DeliveryError(`Twilio did not send the SMS: ${outcome.reason}`, 'twilio');
        }
        await wait(250 * 2 ** (attempt - 1));
      }
    },
  };
}

type Outcome = { ok: true } | { ok: false; retryable: boolean; reason: string };

async function postOnce(
  fetcher: typeof fetch,
  url: string,
  authorization: string,
  form: URLSearchParams,
): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, retryable: true, reason: `no answer (${(error as Error).message})` };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as TwilioErrorBody;
  const reason = `${response.status}${body.code ? ` code ${body.code}` : ''}: ${body.message ?? response.statusText}`;
  return { ok: false, retryable: isRetryableStatus(response.status), reason };
}
