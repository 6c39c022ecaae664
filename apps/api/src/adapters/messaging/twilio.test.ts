import { startFakeTwilio, type FakeTwilio } from '@wingmate/testing';
import { DeliveryError } from './ports';
import { twilioSmsSender } from './twilio';

describe('Twilio SMS sender, against a server speaking Twilio’s wire format', () => {
  let twilio: FakeTwilio;
  const noWait = async () => {};

  beforeEach(async () => {
    twilio = await startFakeTwilio();
  });
  afterEach(() => twilio.close());

  const sender = (from = '+15550001111') =>
    twilioSmsSender(
      { accountSid: twilio.accountSid, authToken: twilio.authToken, from, baseUrl: twilio.url },
      fetch,
      noWait,
    );

  it('posts To, From and Body with basic auth', async () => {
    await sender().send('+15551234567', 'Your Wingmate code is 123456');
    expect(twilio.messages).toEqual([
      {
        to: '+15551234567',
        from: '+15550001111',
        messagingServiceSid: undefined,
        body: 'Your Wingmate code is 123456',
      },
    ]);
  });

  it('sends through a Messaging Service when the sender is an MG sid', async () => {
    await sender('MG0123456789abcdef').send('+15551234567', 'hi');
    expect(twilio.messages[0]).toMatchObject({ from: undefined, messagingServiceSid: 'MG0123456789abcdef' });
  });

  it('retries a server error and then delivers once', async () => {
    twilio.failNext(500, 2);
    await sender().send('+15551234567', 'hi');
    expect(twilio.messages).toHaveLength(1);
  });

  it('gives up with a DeliveryError after three failed attempts', async () => {
    twilio.failNext(503, 3);
    await expect(sender().send('+15551234567', 'hi')).rejects.toThrow(DeliveryError);
    expect(twilio.messages).toHaveLength(0);
  });

  it('does not retry a refusal such as bad credentials', async () => {
    const wrong = twilioSmsSender(
      { accountSid: twilio.accountSid, authToken: 'wrong', from: '+15550001111', baseUrl: twilio.url },
      fetch,
      noWait,
    );
    await expect(wrong.send('+15551234567', 'hi')).rejects.toThrow(
      'Twilio did not send the SMS: 401 code 20003',
    );
  });
});
