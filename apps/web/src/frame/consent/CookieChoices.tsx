import { Button } from '../../ui/Button';
import type { CookieChoice } from './consent-store';

/** The two answers, equally easy to pick (consent must be as easy to refuse as to give), in one order everywhere. */
export function CookieChoices({ onChoose }: { onChoose: (choice: CookieChoice) => void }) {
  return (
    <div className="grid gap-2 min-[360px]:grid-cols-2 sm:flex sm:justify-end">
      <Button variant="secondary" onClick={() => onChoose('necessary')}>
        Only necessary
      </Button>
      <Button onClick={() => onChoose('all')}>Accept all</Button>
    </div>
  );
}
