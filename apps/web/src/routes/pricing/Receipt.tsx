import { messagesLeftToShow } from '@wingmate/core-sdk';
import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses, Card } from '../../ui';
import { useUserInfo } from '../../stores/user-info';
import { RemainingNumber } from '../../frame/RemainingMessages';
import { useAbVariant } from './use-ab-variant';

export interface ReceiptLine {
  label: string;
  value: ReactNode;
}

/**
 * What a confirmed payment bought, the messages the member now has, and where `abtest_redirect` sends them next
 * (pricing or chat). Focus moves to its heading, since the page changed without a navigation.
 */
export function Receipt({ title, lines }: { title: string; lines: ReceiptLine[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const redirect = useAbVariant('abtest_redirect');
  const { info, status } = useUserInfo();
  useEffect(() => heading.current?.focus(), []);
  const waiting = status === 'failed' ? 'Not known just now' : '…';
  const remaining = info ? <RemainingNumber remaining={messagesLeftToShow(info)} /> : waiting;
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-success" />
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold text-ink">
          {title}
        </h1>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-ink">
        {lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-ink-muted">{line.label}</dt>
            <dd className="text-right font-medium tabular-nums">{line.value}</dd>
          </div>
        ))}
        <dt className="text-ink-muted">Messages left</dt>
        <dd className="text-right font-medium tabular-nums">{remaining}</dd>
      </dl>
      {info && <ReceiptNote email={info.email} />}
      <div className="flex flex-wrap gap-3">
        {redirect === 'chat' ? (
          <Link to="/chat" className={buttonClasses()}>
            Start chatting
          </Link>
        ) : (
          <Link to="/pricing" className={buttonClasses()}>
            Back to pricing
          </Link>
        )}
        <Link to="/account" className={buttonClasses({ variant: 'secondary' })}>
          See your plans
        </Link>
      </div>
    </Card>
  );
}

/** Receipts are mailed only to an address on file; a person without one is told where the payment is kept. */
function ReceiptNote({ email }: { email: string | null }) {
  return (
    <p className="text-sm text-ink-muted">
      {email ? `A receipt is on its way to ${email}.` : 'Your plans and payments are on your account page.'}
    </p>
  );
}
