import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast-store';
import { useClient } from '../../stores/services';
import { AccountSection } from './AccountSection';
import { downloadJson, exportFileName } from './download-json';
import { FormAlert } from './FormAlert';
import { problemMessage } from './problem';

/** "Export my data": everything kept about the person as one JSON file (decisions.md). */
export function DataSection() {
  const client = useClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function exportData() {
    setBusy(true);
    setError(null);
    try {
      const data = await client.account.exportUser();
      downloadJson(exportFileName(data.exported_at), data);
      toast({
        title: 'Your data is downloaded',
        description: exportFileName(data.exported_at),
        tone: 'success',
      });
    } catch (failure) {
      setError(problemMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection
      title="Your data"
      description="One JSON file with everything Wingmate keeps about you: profile, chats, bios, photos, plans and payments."
    >
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={error} />
        <Button variant="secondary" loading={busy} onClick={() => void exportData()}>
          {!busy && <Download aria-hidden="true" className="size-4" />}
          Export my data
        </Button>
      </div>
    </AccountSection>
  );
}
