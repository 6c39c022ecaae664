import { LogIn, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { signInPath } from '../../frame/RequireSignIn';
import { useSession } from '../../stores/session';
import { buttonClasses, Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { useFeedbackStore } from './use-feedback-store';
import { focusOnMount } from '../../ui/focus-on-mount';

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Send feedback" (members): a text and a thank-you toast. A visitor is asked to sign in first and comes back to
 * the page they were on. Focus returns to whatever opened the dialog.
 */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {isLoggedIn ? (
        <DialogContent
          title="Send feedback"
          description="What works, what does not, what you wish Wingmate did. We read every message."
          onCloseAutoFocus={returnFocus}
        >
          {/* Mounted with the dialog, so each opening starts with an empty form. */}
          {open && <FeedbackForm onSent={() => onOpenChange(false)} />}
        </DialogContent>
      ) : (
        <DialogContent
          title="Send feedback"
          description="Sign in first, so we can answer you."
          onCloseAutoFocus={returnFocus}
        >
          <SignInFirst onLeave={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * The dialog is opened from outside (a menu item, a button), not by a `DialogTrigger`, so Radix does not know where
 * focus came from: remember what had focus as it opened, and give focus back there on close if it is still on the
 * page (a menu item that closed with its menu is not; then Radix's default stands).
 */
function useFocusReturn(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during render: the dialog's own effects move focus inside before any effect here would run.
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (event) => {
    const target = opener.current;
    if (target?.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus();
    }
  };
}

function SignInFirst({ onLeave }: { onLeave: () => void }) {
  const location = useLocation();
  return (
    <Link
      to={signInPath(location.pathname + location.search + location.hash)}
      onClick={onLeave}
      className={buttonClasses({ className: 'w-full sm:w-auto' })}
    >
      <LogIn aria-hidden="true" className="size-4" />
      Sign in to send feedback
    </Link>
  );
}

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const toast = useToast();
  const store = useFeedbackStore();
  const sending = useStore(store, (feedback) => feedback.status !== 'idle');
  const failure = useStore(store, (feedback) => feedback.error);
  const [text, setText] = useState('');
  const [missingText, setMissingText] = useState<string>();
  const error = missingText ?? (failure ? errorMessage(failure) : undefined);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissingText('Write your feedback first.');
      return;
    }
    setMissingText(undefined);
    if (!(await store.send(text.trim()))) return;
    toast({
      title: 'Thanks for your feedback',
      description: 'It went straight to the team.',
      tone: 'success',
    });
    onSent();
  }

  return (
    <form onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
      <Field
        multiline
        label="Your feedback"
        value={text}
        rows={5}
        maxLength={5000}
        ref={focusOnMount}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" loading={sending} className="self-end">
        <Send aria-hidden="true" className="size-4" />
        Send feedback
      </Button>
    </form>
  );
}

export default FeedbackDialog;
