import type { BioVersion, DatingBio } from '@wingmate/api-contract';
import { Copy, Save, Sparkles, WandSparkles } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useClient } from '../../stores/services';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/Field';
import { useToast } from '../../ui/toast-store';
import { characterCount } from './bio-limits';
import { BioVersionCard } from './BioVersionCard';
import { useCopyText } from './copy-text';
import { LengthMeter } from './LengthMeter';
import { StarterQuestions } from './StarterQuestions';

/** The tones one "Generate" writes, one version each (the server's own tone names). */
export const GENERATED_TONES = ['warm', 'witty', 'bold'] as const;

/** Rewrites people ask for most, one tap away. */
const QUICK_REWRITES = ['Make it funnier', 'Make it shorter', 'More confident'];

/** The API's longest bio text; the textbox stops there. */
const MAX_BIO_LENGTH = 5000;

type Busy = 'save' | 'generate' | 'rewrite' | null;

/** The bio's text, its AI versions, and the actions on them; `saved` is the stored bio (null: none yet). */
export function BioEditor({ saved }: { saved: DatingBio | null }) {
  const client = useClient();
  const toast = useToast();
  const copy = useCopyText();
  const [bio, setBio] = useState(saved);
  const [draft, setDraft] = useState(saved?.text ?? '');
  const [versions, setVersions] = useState<BioVersion[]>(saved?.generated ?? []);
  const [busy, setBusy] = useState<Busy>(null);
  const [saveError, setSaveError] = useState<string>();
  const [aiError, setAiError] = useState<string>();
  const [instruction, setInstruction] = useState('');
  const [instructionError, setInstructionError] = useState<string>();
  const [askingStarters, setAskingStarters] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const textbox = useRef<HTMLTextAreaElement>(null);

  /** The stored bio, made from `text` first when there is none (generate and rewrite need its id). */
  async function storedBio(text: string): Promise<DatingBio> {
    if (bio) return bio;
    const created = await client.datingBio.createDatingBio({ text });
    setBio(created);
    return created;
  }

  async function run<T>(what: Exclude<Busy, null>, action: () => Promise<T>): Promise<T | undefined> {
    setBusy(what);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) {
      setSaveError('Write your bio first, or pick one of the versions below.');
      return;
    }
    setSaveError(undefined);
    await run('save', async () => {
      try {
        const stored = bio
          ? await client.datingBio.updateDatingBio(bio.id, { text })
          : await client.datingBio.createDatingBio({ text });
        setBio(stored);
        setDraft(stored.text);
        setVersions(stored.generated);
        toast({ title: 'Bio saved', tone: 'success' });
      } catch (error) {
        setSaveError(errorMessage(error));
      }
    });
  }

  /** One version per tone; the ones that came back are shown even when another failed. */
  async function generateFrom(text: string) {
    setAiError(undefined);
    await run('generate', async () => {
      let stored: DatingBio;
      try {
        stored = await storedBio(text);
      } catch (error) {
        setAiError(errorMessage(error));
        return;
      }
      const answers = await Promise.allSettled(
        GENERATED_TONES.map((tone) => client.datingBio.generateDatingBio(stored.id, { tone })),
      );
      const written = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      const failure = answers.find((answer) => answer.status === 'rejected');
      setVersions((current) => [...written, ...current]);
      if (failure) setAiError(errorMessage(failure.reason));
      if (written.length) setAnnouncement(`${written.length} new versions written.`);
    });
  }

  function generate() {
    const text = draft.trim();
    if (!bio && !text) {
      setAskingStarters(true);
      return;
    }
    void generateFrom(bio?.text ?? text);
  }

  async function generateFromStarters(starter: string) {
    setDraft(starter);
    await generateFrom(starter);
    setAskingStarters(false);
  }

  async function rewrite(event: FormEvent) {
    event.preventDefault();
    const asked = instruction.trim();
    if (!asked) {
      setInstructionError('Say how to change it, like “make it funnier”.');
      return;
    }
    const text = draft.trim();
    if (!bio && !text) {
      setInstructionError('Write or generate a bio first; then say how to change it.');
      return;
    }
    setInstructionError(undefined);
    setAiError(undefined);
    await run('rewrite', async () => {
      try {
        const stored = await storedBio(text);
        const version = await client.datingBio.rewriteDatingBio(stored.id, { response_text: asked });
        setVersions((current) => [version, ...current]);
        setInstruction('');
        setAnnouncement('The rewrite is at the top of the versions.');
      } catch (error) {
        setAiError(errorMessage(error));
      }
    });
  }

  function use(text: string) {
    setDraft(text);
    setSaveError(undefined);
    setAnnouncement('Copied into your bio. Save to keep it.');
    textbox.current?.focus();
  }

  const length = characterCount(draft);
  return (
    <>
      <Card>
        <form onSubmit={save} className="flex flex-col gap-4" aria-label="Your bio">
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
            onCancel={() => setAskingStarters(false)}
          />
        )}

        <form onSubmit={rewrite} aria-label="Rewrite" className="flex flex-col gap-3">
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
          <ul className="flex flex-col gap-4" aria-label="Versions">
            {versions.map((version) => (
              <li key={version.id}>
                <BioVersionCard version={version} onUse={use} onCopy={(text) => void copy(text)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
