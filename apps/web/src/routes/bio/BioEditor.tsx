import {
  characterCount,
  GENERATED_TONES,
  styleLinkIndex,
  suggestionOrdinals,
  type BioStore,
} from '@wingmate/core-sdk';
import { Copy, Save, Sparkles, WandSparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { StyleLink } from '../style/StyleLink';
import { BioVersionCard } from './BioVersionCard';
import { useCopyText } from './copy-text';
import { LengthMeter } from './LengthMeter';
import { StarterQuestions } from './StarterQuestions';

/** Rewrites people ask for most, one tap away. */
const QUICK_REWRITES = ['Make it funnier', 'Make it shorter', 'More confident'];

/** The API's longest bio text; the textbox stops there. */
const MAX_BIO_LENGTH = 5000;

/** The bio's text, its AI versions, and the actions on them, on the loaded bio store. */
export function BioEditor({ store }: { store: BioStore }) {
  const toast = useToast();
  const copy = useCopyText();
  const bio = useStore(store, (state) => state.bio);
  const versions = useStore(store, (state) => state.versions);
  const busy = useStore(store, (state) => state.busy);
  const savingFailure = useStore(store, (state) => state.saveError);
  const aiFailure = useStore(store, (state) => state.aiError);
  const askingStarters = useStore(store, (state) => state.askingStarters);
  const marks = useStore(store.lines, (state) => state.marks);
  const [draft, setDraft] = useState(() => store.getState().bio?.text ?? '');
  const [missingText, setMissingText] = useState<string>();
  const [instruction, setInstruction] = useState('');
  const [instructionError, setInstructionError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const textbox = useRef<HTMLTextAreaElement>(null);
  const saveError = missingText ?? (savingFailure ? errorMessage(savingFailure) : undefined);
  const aiError = aiFailure ? errorMessage(aiFailure) : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) {
      setMissingText('Write your bio first, or pick one of the versions below.');
      return;
    }
    setMissingText(undefined);
    const stored = await store.save(text);
    if (!stored) return;
    setDraft(stored.text);
    toast({ title: 'Bio saved', tone: 'success' });
  }

  function announceWritten(written: number) {
    if (written) setAnnouncement(`${written} new versions written.`);
  }

  function generate() {
    void store.generate(draft).then(announceWritten);
  }

  async function generateFromStarters(starter: string) {
    setDraft(starter);
    announceWritten(await store.generateFromStarters(starter));
  }

  async function rewrite(event: FormEvent) {
    event.preventDefault();
    const asked = instruction.trim();
    if (!asked) {
      setInstructionError('Say how to change it, like “make it funnier”.');
      return;
    }
    if (!bio && !draft.trim()) {
      setInstructionError('Write or generate a bio first; then say how to change it.');
      return;
    }
    setInstructionError(undefined);
    if (!(await store.rewrite(asked, draft))) return;
    setInstruction('');
    setAnnouncement('The rewrite is at the top of the versions.');
  }

  function use(text: string) {
    setDraft(text);
    setMissingText(undefined);
    store.clearSaveError();
    setAnnouncement('Copied into your bio. Save to keep it.');
    textbox.current?.focus();
  }

  const length = characterCount(draft);
  // Each version is offered as a bio line, named apart from the others of its tone by its place in the list.
  const lines = versions.flatMap((version) => version.suggestions.slice(0, 1));
  const ordinals = suggestionOrdinals(lines);
  const lineOrdinal = (id: string | undefined) => ordinals[lines.findIndex((line) => line.id === id)];
  // Newest first here; the link goes under the list while the newest versions come without a score.
  const offersStyle = styleLinkIndex([...versions].reverse()) !== -1;
  return (
    <>
      <Card>
        <form onSubmit={(event) => void save(event)} className="flex flex-col gap-4" aria-label="Your bio">
          <Field
            ref={textbox}
            multiline
            label="Your bio"
            value={draft}
            rows={6}
            maxLength={MAX_BIO_LENGTH}
            placeholder="A line or two about you: what you do, what you love, what you are looking for."
            hint={
              bio
                ? `${length} characters`
                : `${length} characters. No bio saved yet: write one, or let Wingmate draft one with Generate.`
            }
            error={saveError}
            onChange={(event) => setDraft(event.target.value)}
          />
          <LengthMeter text={draft} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy === 'save'}>
              <Save aria-hidden="true" className="size-4" />
              Save
            </Button>
            <Button variant="secondary" disabled={!draft.trim()} onClick={() => void copy(draft)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy bio
            </Button>
          </div>
        </form>
      </Card>

      <section aria-labelledby="ideas-heading" className="flex flex-col gap-5">
        <div>
          <h2 id="ideas-heading" className="text-2xl font-semibold text-ink">
            Versions by Wingmate
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Generate writes one version in each tone ({GENERATED_TONES.join(', ')}); Rewrite changes the
            newest one the way you ask.
          </p>
        </div>

        <div className="flex flex-wrap gap-3">
          <Button onClick={generate} loading={busy === 'generate'} disabled={busy !== null || askingStarters}>
            <Sparkles aria-hidden="true" className="size-4" />
            Generate
          </Button>
        </div>

        {askingStarters && (
          <StarterQuestions
            busy={busy === 'generate'}
            onDraft={(starter) => void generateFromStarters(starter)}
            onCancel={() => store.closeStarters()}
          />
        )}

        <form onSubmit={(event) => void rewrite(event)} aria-label="Rewrite" className="flex flex-col gap-3">
          <Field
            label="How should it change?"
            value={instruction}
            maxLength={MAX_BIO_LENGTH}
            placeholder="Make it funnier"
            error={instructionError}
            onChange={(event) => setInstruction(event.target.value)}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="secondary" loading={busy === 'rewrite'} disabled={busy !== null}>
              <WandSparkles aria-hidden="true" className="size-4" />
              Rewrite
            </Button>
            <span className="text-sm text-ink-muted" id="quick-rewrites">
              or try:
            </span>
            {QUICK_REWRITES.map((quick) => (
              <Button
                key={quick}
                size="sm"
                variant="ghost"
                aria-describedby="quick-rewrites"
                onClick={() => setInstruction(quick.toLowerCase())}
              >
                {quick}
              </Button>
            ))}
          </div>
        </form>

        {aiError && <ErrorNotice>{aiError}</ErrorNotice>}
        <p role="status" className="sr-only">
          {announcement}
        </p>

        {versions.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
            No versions yet. Press Generate to get a few in different tones.
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-4" aria-label="Versions">
              {versions.map((version) => {
                const line = version.suggestions[0];
                return (
                  <li key={version.id}>
                    <BioVersionCard
                      version={version}
                      line={
                        line && {
                          mark: marks[line.id],
                          ordinal: lineOrdinal(line.id),
                          onMark: (outcome) => void store.lines.mark(line, outcome),
                        }
                      }
                      onUse={use}
                      onCopy={(text) => void copy(text)}
                    />
                  </li>
                );
              })}
            </ul>
            {offersStyle && <StyleLink>Make your bios sound like you</StyleLink>}
          </>
        )}
      </section>
    </>
  );
}
