import type { DatingBio } from '@wingmate/api-contract';
import { Camera } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useClient } from '../../stores/services';
import { LoadStatus } from '../../ui/LoadStatus';
import { isNotFound } from '../../ui/error-message';
import { Page } from '../../ui/Page';
import { useLoader } from '../../ui/useLoader';
import { BioEditor } from './BioEditor';
import { ensureVisitorUid } from './visitor-uid';

/** `/bio` (visitors by uid, members): write a bio, have the AI draft and rewrite it, keep the one you like. */
export function BioPage() {
  const client = useClient();
  const { state, reload } = useLoader<DatingBio | null>((signal) => {
    ensureVisitorUid(client);
    // No bio yet is a 404: an empty editor, not a failure.
    return client.datingBio
      .getDatingBio({ signal })
      .catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
  });

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
      {state.status === 'ready' && <BioEditor saved={state.data} />}
    </Page>
  );
}
