import { Button } from '../../../ui/Button';
import { FormAlert } from '../FormAlert';
import { AppleMark, GoogleMark } from './brand-marks';
import type { SocialProvider } from '@wingmate/core-sdk';
import type { SocialSignIn } from './useSocialSignIn';

const labels: Record<SocialProvider, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

/**
 * "Continue with Google" and "Continue with Apple", below an "or" rule; nothing when neither is configured.
 * `beforeStart` may refuse (the sign-up screen's terms checkbox), `onSignedIn` moves on.
 */
export function SocialButtons({
  social,
  beforeStart = () => true,
  onSignedIn,
}: {
  social: SocialSignIn;
  beforeStart?: () => boolean;
  onSignedIn: () => void;
}) {
  if (social.providers.length === 0) return null;
  async function start(provider: SocialProvider) {
    if (!beforeStart()) return;
    if (await social.start(provider)) onSignedIn();
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      {social.providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          loading={social.busy === provider}
          disabled={social.busy !== null}
          onClick={() => void start(provider)}
        >
          {social.busy !== provider && (provider === 'google' ? <GoogleMark /> : <AppleMark />)}
          {labels[provider]}
        </Button>
      ))}
      <FormAlert message={social.error} />
    </div>
  );
}
