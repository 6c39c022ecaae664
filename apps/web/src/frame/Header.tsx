import { Link, NavLink } from 'react-router-dom';
import { buttonClasses } from '../ui/Button';
import { cn } from '../ui/cn';
import { logoUrls } from './logos';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-muted min-[360px]:px-2.5 sm:px-3',
    isActive ? 'text-brand' : 'text-ink',
  );

/** Logo, Chat, Pricing, and Sign in / Sign up (the account menu replaces them once sign-in exists). */
export function Header({ assetPrefix }: { assetPrefix: string }) {
  const logos = logoUrls(assetPrefix);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/80">
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
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <NavLink to="/login" className={navLink}>
            Sign in
          </NavLink>
          <Link to="/signup" className={buttonClasses({ size: 'sm', className: 'px-3 sm:px-4' })}>
            Sign up
          </Link>
        </div>
      </div>
    </header>
  );
}
