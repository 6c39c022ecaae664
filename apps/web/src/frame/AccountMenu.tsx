import {
  AudioLines,
  BookHeart,
  CircleUserRound,
  Flame,
  LogOut,
  MessageSquareHeart,
  UserRound,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useServices } from '../stores/services';
import { useSession } from '../stores/session';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/DropdownMenu';
import { useToast } from '../ui/toast-store';
import { IconButton } from '../ui/IconButton';
import { RemainingMessages } from './RemainingMessages';
import { SendFeedbackDialog } from './SendFeedbackDialog';

const pages = [
  { to: '/account', label: 'Account', icon: CircleUserRound },
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/bio', label: 'Dating bio', icon: BookHeart },
  { to: '/roasts', label: 'Roasts', icon: Flame },
  { to: '/style', label: 'Sounds like me', icon: AudioLines },
] as const;

/** The member's initial when the user is known, else a person icon; the button keeps one size either way. */
function AccountBadge() {
  const user = useSession((state) => state.user);
  const initial = (user?.first_name || user?.email || '').trim().charAt(0).toUpperCase();
  return initial ? (
    <span aria-hidden="true" className="text-sm font-semibold">
      {initial}
    </span>
  ) : (
    <CircleUserRound aria-hidden="true" className="size-5" />
  );
}

/**
 * A member's account menu (docs/web.md#the-frame): remaining messages, Account, Profile, Dating bio, Roasts, Sounds
 * like me, Send feedback, Log out. Loaded with the first member page, never by visitors.
 */
export default function AccountMenu() {
  const { client } = useServices();
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const toast = useToast();
  const trigger = useRef<HTMLButtonElement>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackUsed, setFeedbackUsed] = useState(false);

  const logOut = async () => {
    await client.session.logout();
    await navigate('/');
    toast({ title: 'You are logged out', description: 'See you soon.', tone: 'success' });
  };

  return (
    <>
      {/* Not modal: the page is not hidden from assistive technology while the menu is open (axe's
          aria-hidden-focus), and Escape, Tab or a click outside still close it. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <IconButton ref={trigger} label="Account menu" size="md" tone="outline">
            <AccountBadge />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent inline>
          <DropdownMenuLabel className="flex flex-col gap-1">
            {user && (
              <span className="truncate text-sm font-semibold text-ink">
                {[user.first_name, user.last_name].filter(Boolean).join(' ') ||
                  user.email ||
                  user.phone_number}
              </span>
            )}
            <RemainingMessages />
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {pages.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" className="size-4 text-ink-muted" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setFeedbackUsed(true);
              setFeedbackOpen(true);
            }}
          >
            <MessageSquareHeart aria-hidden="true" className="size-4 text-ink-muted" />
            Send feedback
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void logOut()}>
            <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {feedbackUsed && (
        <SendFeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} returnFocusTo={trigger} />
      )}
    </>
  );
}
