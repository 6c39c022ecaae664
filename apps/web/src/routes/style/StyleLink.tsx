import { AudioLines } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * The way to "Sounds like me" under suggestions that come without a score, while the person has no style yet
 * (docs/product.md#sounds-like-me); `children` says what it makes sound like them.
 */
export function StyleLink({ children }: { children: string }) {
  return (
    <Link
      to="/style"
      className="inline-flex items-center gap-1.5 self-start rounded-full text-sm font-medium text-brand underline"
    >
      <AudioLines aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
