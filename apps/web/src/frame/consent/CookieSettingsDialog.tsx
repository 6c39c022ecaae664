import type { RefObject } from 'react';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { useConsent } from './ConsentContext';
import type { CookieChoice } from './consent-store';
import { CookieChoices } from './CookieChoices';

const currentChoice: Record<CookieChoice, string> = {
  all: 'You accepted all cookies, marketing cookies included.',
  necessary: 'You allowed only the cookies the site needs to work.',
};

export interface CookieSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The footer button that opened it, focused again when it closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** Shows the current cookie choice and lets the visitor change it. Loaded only when first opened. */
export default function CookieSettingsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: CookieSettingsDialogProps) {
  const choice = useConsent((state) => state.choice);
  const choose = useConsent((state) => state.choose);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Cookie settings"
        description={choice ? currentChoice[choice] : 'You have not chosen yet.'}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <p className="text-sm text-ink">
          Necessary cookies keep you signed in and remember this choice; they are always on. Marketing cookies
          let the ad platforms (through Google Tag Manager) measure which ads bring people to Wingmate.
        </p>
        <div className="mt-5">
          <CookieChoices
            onChoose={(next) => {
              choose(next);
              onOpenChange(false);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
