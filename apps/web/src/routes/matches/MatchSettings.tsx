import type { Match, MatchStatus } from '@wingmate/api-contract';
import { matchStatusWords } from '@wingmate/core-sdk';
import { Archive, ArchiveRestore, MapPin, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { MatchForm, type MatchFields, type MatchFormErrors } from './MatchForm';

export interface MatchSettingsActions {
  setStatus: (status: MatchStatus) => void;
  setArchived: (archived: boolean) => void;
  /** Resolves true once saved (the dialog then closes). */
  edit: (fields: MatchFields) => Promise<boolean>;
  remove: () => void;
}

/**
 * Under the match's name: where they met, the status, Edit (the fields in a dialog), Archive or Unarchive, and
 * Delete (after a confirmation: it removes the conversation, the coaching chat and the memory).
 */
export function MatchSettings({
  match,
  saving,
  editErrors,
  deleting,
  actions,
}: {
  match: Match;
  saving: boolean;
  editErrors: MatchFormErrors;
  deleting: boolean;
  actions: MatchSettingsActions;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      {match.where_met && (
        <p className="inline-flex items-center gap-1.5 text-ink-muted">
          <MapPin aria-hidden="true" className="size-4" />
          Met on {match.where_met}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-ink">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={match.status}
          disabled={saving}
          onChange={(event) => actions.setStatus(event.target.value as MatchStatus)}
          className="h-9 rounded-full border border-line-strong bg-surface px-3 text-sm text-ink hover:bg-surface-muted"
        >
          {Object.entries(matchStatusWords).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogTrigger asChild>
            <Button size="sm" variant="secondary">
              <Pencil aria-hidden="true" className="size-4" />
              Edit details
            </Button>
          </DialogTrigger>
          <DialogContent title={`Edit ${match.name}`}>
            <MatchForm
              label="Edit the match"
              initial={{
                name: match.name,
                where_met: match.where_met,
                notes: match.notes,
                profile_text: match.profile_text,
              }}
              submitLabel="Save"
              saving={saving}
              errors={editErrors}
              onSubmit={(fields) => void actions.edit(fields).then((saved) => saved && setEditing(false))}
            />
          </DialogContent>
        </Dialog>
        <Button
          size="sm"
          variant="secondary"
          disabled={saving}
          onClick={() => actions.setArchived(!match.archived)}
        >
          {match.archived ? (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ) : (
            <Archive aria-hidden="true" className="size-4" />
          )}
          {match.archived ? 'Unarchive' : 'Archive'}
        </Button>
        <Dialog>
          <DialogTrigger asChild>
            <Button size="sm" variant="ghost">
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </DialogTrigger>
          <DialogContent
            title={`Delete ${match.name}?`}
            description="Their details, photos, the conversation, the coaching chat and what your wingmate remembers go for good."
          >
            <div className="flex flex-wrap gap-3">
              <Button variant="danger" loading={deleting} onClick={actions.remove}>
                Delete match
              </Button>
              <DialogClose asChild>
                <Button variant="ghost">Keep</Button>
              </DialogClose>
            </div>
          </DialogContent>
        </Dialog>
      </div>
      {(match.notes || match.profile_text) && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {match.notes && (
            <div>
              <dt className="font-semibold text-ink">Notes</dt>
              <dd className="whitespace-pre-line text-ink-muted">{match.notes}</dd>
            </div>
          )}
          {match.profile_text && (
            <div>
              <dt className="font-semibold text-ink">Their profile</dt>
              <dd className="line-clamp-6 whitespace-pre-line text-ink-muted">{match.profile_text}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
