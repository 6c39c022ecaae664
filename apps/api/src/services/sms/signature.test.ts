import { isTwilioSignatureValid, twilioSignature } from './signature';

// The example of Twilio's webhook-security documentation: auth token 12345, this URL and these fields.
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const fields = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};

describe("Twilio's webhook signature", () => {
  it('is the signature Twilio publishes for its example', () => {
    expect(twilioSignature('12345', url, fields)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses a missing signature, another token, another URL and a changed field', () => {
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(isTwilioSignatureValid('12345', signature, url, fields)).toBe(true);
    expect(isTwilioSignatureValid('12345', undefined, url, fields)).toBe(false);
    expect(isTwilioSignatureValid('54321', signature, url, fields)).toBe(false);
    expect(isTwilioSignatureValid('12345', signature, 'https://mycompany.com/myapp.php', fields)).toBe(false);
    expect(isTwilioSignatureValid('12345', signature, url, { ...fields, Digits: '1235' })).toBe(false);
  });
});
