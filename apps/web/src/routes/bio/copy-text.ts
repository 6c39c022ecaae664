import { useToast } from '../../ui/toast-store';

/** Copies text to the clipboard and says so in a toast (or says how to copy by hand when the browser refuses). */
export function useCopyText(): (text: string) => Promise<void> {
  const toast = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied to the clipboard', tone: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the text and copy it by hand.', tone: 'error' });
    }
  };
}
