import { startFakeSmtp, type FakeSmtp } from '@wingmate/testing';
import { DeliveryError } from './ports';
import { smtpEmailSender } from './smtp';

describe('SMTP e-mail sender, against a real SMTP server on loopback', () => {
  let smtp: FakeSmtp;

  beforeEach(async () => {
    smtp = await startFakeSmtp();
  });
  afterEach(() => smtp.close());

  it('logs in and delivers the message with its subject and text', async () => {
    const sender = smtpEmailSender(smtp.url, 'Wingmate <no-reply@wingmate.test>');
    await sender.send({ to: 'ana@example.com', subject: 'Your code', text: 'Your code is 654321' });
    sender.close();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toMatchObject({
      from: 'no-reply@wingmate.test',
      to: ['ana@example.com'],
      subject: 'Your code',
    });
    expect(smtp.mails[0]?.raw).toContain('Your code is 654321');
  });

  it('reports a refused login as a DeliveryError', async () => {
    const sender = smtpEmailSender(smtp.url.replace('smtp-test-password', 'wrong'), 'no-reply@wingmate.test');
    await expect(sender.send({ to: 'ana@example.com', subject: 's', text: 't' })).rejects.toThrow(
      DeliveryError,
    );
    sender.close();
    expect(smtp.mails).toHaveLength(0);
  });
});
