import { startFakeGoogle } from './google-fake';
import { signTwilioRequest, startFakeTwilio } from './twilio-fake';

// The fakes stand in for outside services, so they must refuse what the real services refuse.
describe('wire-format fakes', () => {
  it("signs inbound webhooks as Twilio does: the example of Twilio's webhook-security documentation", () => {
    const fields = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(signTwilioRequest('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', fields)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it('Twilio refuses a request without the account credentials, as Twilio does (error 20003)', async () => {
    const twilio = await startFakeTwilio();
    try {
      const response = await fetch(`${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'To=%2B15551234567&From=%2B15550000000&Body=hi',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 20003, status: 401 });
      expect(twilio.messages).toHaveLength(0);
    } finally {
      await twilio.close();
    }
  });

  it('Google tokeninfo answers invalid_token for a token it never issued, and string claims for one it did', async () => {
    const google = await startFakeGoogle('client-1');
    try {
      const unknown = await fetch(`${google.tokenInfoUrl}?access_token=nope`);
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' });
      const token = google.issueAccessToken({ sub: '42', email: 'a@example.com' });
      const known: unknown = await (await fetch(`${google.tokenInfoUrl}?access_token=${token}`)).json();
      expect(known).toMatchObject({ aud: 'client-1', sub: '42', email_verified: 'true' });
    } finally {
      await google.close();
    }
  });
});
