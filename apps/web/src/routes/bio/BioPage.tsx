import { Camera } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../ui/LoadStatus';
import { Page } from '../../ui/Page';
import { useLoader } from '../../ui/useLoader';
import { BioEditor } from './BioEditor';
import { useBioStore } from './use-bio-store';

/** `/bio` (visitors by uid, members): write a bio, have the AI draft and rewrite it, keep the one you like. */
export function BioPage() {
  const store = useBioStore();
  // No bio yet is an empty editor, not a failure: the store loads it as null.
  const { state, reload } = useLoader((signal) => store.load(signal));

  return (
    <Page
      title="Your dating bio"
      intro={
        <p>
          Write it yourself, or let Wingmate draft a few versions in different tones and rewrite them the way
          you ask. Want feedback on your pictures too?{' '}
          <Link to="/bio/photos" className="inline-flex items-center gap-1 font-medium text-brand underline">
            <Camera aria-hidden="true" className="size-4" />
            Review your photos
          </Link>
        </p>
      }
    >
      <LoadStatus
        state={state}
        onRetry={reload}
        loadingLabel="Loading your bio"
        failure="Your bio could not be loaded."
      />
      {state.status === 'ready' && <BioEditor store={store} />}
    </Page>
  );
}
