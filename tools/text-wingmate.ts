// Texts the wingmate offline, as Twilio would deliver a text (docs/running.md#texting-the-wingmate): posts the
// form to the running API's `POST /webhooks/twilio/sms/`, signed with the webhook's token (the development one
// without Twilio), from <from> to SYSTEM_NUMBER. The reply goes through the configured SMS sender: the console
// and `outbox_messages` by default.
//   npm run text-wingmate -- +12015550123 "How do I open with someone who loves hiking?"
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/api/src/config';
import { loadEnvFile } from '../apps/api/src/env-file';
import { twilioSignature } from '../apps/api/src/services/sms/signature';

const WEBHOOK_PATH = '/webhooks/twilio/sms/';

async function main(): Promise<void> {
  const [from, ...words] = process.argv.slice(2);
  if (!from || words.length === 0) {
    console.error('Usage: npm run text-wingmate -- <from, e.g. +12015550123> <text>');
    process.exit(2);
  }
  loadEnvFile(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const config = loadConfig();
  const webhook = config.twilioWebhook;
  if (!webhook)
    throw new Error('This configuration refuses every webhook (NODE_ENV=production without Twilio).');
  const url = `${config.publicApiUrl}${WEBHOOK_PATH}`;
  const messageSid = `SM${randomBytes(16).toString('hex')}`;
  const fields = {
    MessageSid: messageSid,
    AccountSid: webhook.accountSid,
    From: from,
    To: config.systemNumber,
    Body: words.join(' '),
    NumMedia: '0',
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(webhook.authToken, url, fields),
    },
    body: new URLSearchParams(fields).toString(),
  });
  console.log(
    `${response.status} ${await response.text()} (${messageSid}); the reply is texted by the SMS worker`,
  );
  if (!response.ok) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
