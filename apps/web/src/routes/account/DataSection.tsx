import { Download } from 'lucide-react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast-store';
import { AccountSection } from './AccountSection';
import { useAccountDataStore } from './account-stores';
import { downloadJson, exportFileName } from './download-json';
import { FormAlert } from './FormAlert';
import { problemMessage } from './problem';

/** "Export my data": everything kept about the person as one JSON file (docs/product.md#accounts-and-signing-in). */
export function DataSection() {
  const accountData = useAccountDataStore();
  const toast = useToast();
  const { status, error } = useStore(accountData);
  const busy = status === 'exporting';

  async function exportData() {
    const data = await accountData.exportData();
    if (!data) return;
    downloadJson(exportFileName(data.exported_at), data);
    toast({
      title: 'Your data is downloaded',
      description: exportFileName(data.exported_at),
      tone: 'success',
    });
  }

  return (
    <AccountSection
      title="Your data"
      description="One JSON file with everything Wingmate keeps about you: profile, chats, bios, photos, plans and payments."
    >
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={status === 'failed' ? problemMessage(error) : null} />
        <Button variant="secondary" loading={busy} onClick={() => void exportData()}>
          {!busy && <Download aria-hidden="true" className="size-4" />}
          Export my data
        </Button>
      </div>
    </AccountSection>
  );
}
