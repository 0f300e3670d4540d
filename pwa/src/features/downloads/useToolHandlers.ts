import { MSG } from '@portal/shared';
import { useToast } from '../../lib/toast';
import { startDownload } from './startDownload';
import type { Tool } from './tools';
import type { KeptFilesState } from './useKeptFiles';

/**
 * What the tool rows do, each ending in one toast: Download ('Download Started' / 'Download Failed:
 * Failed to start download'), Keep on this device and its removal, and Delete (asks to confirm
 * through `onConfirmDelete`; built-in entries say 'This item is not managed through content management').
 */
export function useToolHandlers(props: { online: boolean; keptState: KeptFilesState; onConfirmDelete(tool: Tool): void }) {
  const { online, keptState, onConfirmDelete } = props;
  const toast = useToast();
  return {
    onDownload: (tool: Tool) => {
      startDownload(tool.fileName, online).then(
        (how) =>
          toast.show({
            title: 'Download Started',
            description: how === 'kept' ? `${tool.title} (the copy kept on this device)` : how === 'tab' ? `${tool.title} opens in a new tab` : tool.title,
          }),
        () => toast.show({ title: 'Download Failed', description: 'Failed to start download', variant: 'destructive' }),
      );
    },
    onKeep: (tool: Tool) => {
      keptState.keep(tool.fileName).then(
        () => toast.show({ title: 'Kept on This Device', description: `${tool.title} can now be downloaded without signal.` }),
        () => toast.show({ title: 'Keep Failed', description: `${tool.title} could not be stored on this device.`, variant: 'destructive' }),
      );
    },
    onRemoveKept: (tool: Tool) => {
      keptState.remove(tool.fileName).then(
        () => toast.show({ title: 'Removed from Device', description: `${tool.title} is no longer kept on this device.` }),
        () => toast.show({ title: 'Error', description: `${tool.title} could not be removed from this device.`, variant: 'destructive' }),
      );
    },
    onDelete: (tool: Tool) => {
      if (tool.builtIn || !tool.contentId) {
        toast.show({ title: 'Cannot Delete', description: MSG.notManagedByContent, variant: 'destructive' });
        return;
      }
      onConfirmDelete(tool);
    },
  };
}
