import type { StyleProfile } from '@wingmate/api-contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { focusOnMount } from '../../ui/focus-on-mount';
import {
  STYLE_LIST_FIELDS,
  STYLE_SHARE_FIELDS,
  styleDraftOf,
  styleProfileOfDraft,
  type StyleDraftProblems,
  type StyleListKey,
  type StyleShareKey,
} from '@wingmate/core-sdk';

/**
 * "Edit my style": the profile's numbers (shares as percentages of the person's messages, the typical length in
 * words) and its lists, comma-separated. What the server refuses is said above Save.
 */
export function StyleEditForm({
  profile,
  saving,
  failure,
  onSave,
  onCancel,
}: {
  profile: StyleProfile;
  saving: boolean;
  failure?: string;
  onSave: (profile: StyleProfile) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => styleDraftOf(profile));
  const [problems, setProblems] = useState<StyleDraftProblems>({});

  const setShare = (key: StyleShareKey, value: string) =>
    setDraft((current) => ({ ...current, shares: { ...current.shares, [key]: value } }));
  const setList = (key: StyleListKey, value: string) =>
    setDraft((current) => ({ ...current, lists: { ...current.lists, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = styleProfileOfDraft(draft, profile);
    if ('problems' in read) {
      setProblems(read.problems);
      return;
    }
    setProblems({});
    onSave(read.profile);
  };

  return (
    <form aria-label="Edit my style" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field
        ref={focusOnMount}
        label="Typical length in words"
        type="number"
        inputMode="decimal"
        min={0}
        max={1000}
        step="any"
        value={draft.words}
        error={problems.words}
        onChange={(event) => setDraft((current) => ({ ...current, words: event.target.value }))}
        className="max-w-xs"
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-ink">Of your messages, how many (%)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {STYLE_SHARE_FIELDS.map(({ key, label }) => (
            <Field
              key={key}
              label={`${label} (%)`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.shares[key]}
              error={problems[key]}
              onChange={(event) => setShare(key, event.target.value)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-ink">Words you use</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {STYLE_LIST_FIELDS.map(({ key, label }) => (
            <Field
              key={key}
              label={label}
              hint="Separate with commas, most used first."
              value={draft.lists[key]}
              autoComplete="off"
              onChange={(event) => setList(key, event.target.value)}
            />
          ))}
        </div>
      </fieldset>
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={saving}>
          Save
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
