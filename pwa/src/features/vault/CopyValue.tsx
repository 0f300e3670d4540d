import { useToast } from '../../lib/toast';

/**
 * A plain value of the View dialog (a username, the SSID, the static IP) with a 'Copy' button
 * (`Copy <label>`): the text goes to the clipboard, the toast says so or says how to copy by hand.
 * Works offline too: the value is already on the screen.
 */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ title: 'Copied', description: `${label} copied to the clipboard.` });
    } catch {
      toast.show({ title: 'Copy Failed', description: 'The browser did not allow copying. Select the value and copy it.', variant: 'destructive' });
    }
  };
  return (
    <span className="copy-value">
      <span className="copy-value-text">{value}</span>
      <button type="button" className="btn btn-outline btn-small" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
