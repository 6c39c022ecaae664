import { HeartHandshake } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useOptionalServices } from '../stores/services';
import { buttonClasses } from '../ui/Button';
import { cn } from '../ui/cn';
import { logoUrls } from './logos';
import { useSignedIn } from './signed-in';

// The account menu (Radix's dropdown) is a member's only, so visitors' first page never downloads it.
const AccountMenu = lazy(() => import('./AccountMenu'));

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-muted min-[360px]:px-2.5 sm:px-3',
    isActive ? 'text-brand' : 'text-ink',
  );

/** Holds the account menu's place while its code or the session loads, so nothing moves when it arrives. */
function AccountMenuPlaceholder() {
  return (
    <span aria-hidden="true" className="block size-9 rounded-full border border-line bg-surface-muted" />
  );
}

/** Logo, Chat, Pricing, Matches, and either Sign in / Sign up or, for a member, the account menu (docs/web.md#the-frame). */
export function Header({ assetPrefix }: { assetPrefix: string }) {
  const logos = logoUrls(assetPrefix);
  const signedIn = useSignedIn();
  const services = useOptionalServices();
  return (
    <header className="border-b border-line bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/80">
      <div className="mx-auto flex h-header max-w-6xl items-center gap-1 px-gutter sm:gap-2">
        <Link
          to="/"
          aria-label="Wingmate home"
          className="mr-auto flex shrink-0 items-center gap-2 rounded-md"
        >
          <img src={logos.mark} alt="" width={32} height={32} className="size-8" />
          <img src={logos.wordmark} alt="" width={112} height={28} className="hidden h-7 w-28 sm:block" />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-1">
          <NavLink to="/chat" className={navLink}>
            Chat
          </NavLink>
          <NavLink to="/pricing" className={navLink}>
            Pricing
          </NavLink>
          {/* A phone's header has no room for a third word beside Sign in and Sign up: the link is an icon there,
              named "Matches" at every width. */}
          <NavLink to="/matches" className={(state) => cn(navLink(state), 'inline-flex items-center')}>
            <HeartHandshake aria-hidden="true" className="size-5 sm:hidden" />
            <span className="sr-only sm:not-sr-only">Matches</span>
          </NavLink>
        </nav>
        {signedIn ? (
          <div className="ml-1 flex items-center sm:ml-2">
            {services ? (
              <Suspense fallback={<AccountMenuPlaceholder />}>
                <AccountMenu />
              </Suspense>
            ) : (
              <AccountMenuPlaceholder />
            )}
          </div>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <NavLink to="/login" className={navLink}>
              Sign in
            </NavLink>
            <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'px-3 sm:px-4' })}>
              Sign up
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
