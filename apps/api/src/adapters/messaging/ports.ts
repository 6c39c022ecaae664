/** Sends a text message to a phone number in E.164 form (`+15551234567`). */
export interface SmsSender {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}

export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface EmailSender {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

/** A message that could not be delivered: the caller answers 502/503 instead of pretending it went out. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly provider: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
