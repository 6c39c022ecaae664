import type { EmailSender, SmsSender } from '../../adapters/messaging/ports';
import type { UserRow } from '../../db/schema';
import type { PendingWork } from '../shared/pending-work';

export interface AccountAlert {
  readonly subject: string;
  readonly text: string;
}

/**
 * Security alerts to the owner of an account (a password changed or set, the e-mail address changed): sent after
 * the answer, so a slow sender never holds the change up; a failed send is logged (the old number or
 * e-mail is told of the change: docs/decisions.md#sign-in-and-account-security).
 */
export class AccountAlerts {
  constructor(
    private readonly pendingWork: PendingWork,
    private readonly sms: SmsSender,
    private readonly mail: EmailSender,
  ) {}

  /** To the verified e-mail address, else the phone, else an unverified address. */
  tell(user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'phoneNumber'>, alert: AccountAlert): void {
    if (user.email && user.emailVerifiedAt) this.mailTo(user.email, alert);
    else if (user.phoneNumber) this.textTo(user.phoneNumber, alert);
    else if (user.email) this.mailTo(user.email, alert);
  }

  mailTo(to: string, { subject, text }: AccountAlert): void {
    this.pendingWork.later(`alert "${subject}"`, () => this.mail.send({ to, subject, text }));
  }

  private textTo(to: string, { text }: AccountAlert): void {
    this.pendingWork.later('account alert text', () => this.sms.send(to, text));
  }
}
