import { MSG, opensInTab } from '@portal/shared';
import type { KeptFile } from '../../lib/keptFiles';
import type { Tool } from './tools';

export interface ToolActionHandlers {
  onDownload(tool: Tool): void;
  onKeep(tool: Tool): void;
  onRemoveKept(tool: Tool): void;
  onDelete(tool: Tool): void;
}

/**
 * The buttons of one tool: Download (Open for HTML pages), Keep on this device / Remove from
 * device, and for admins Delete (SPEC.md 2: only admins see delete controls) on managed tools only:
 * a built-in entry can never be deleted, so admins read SPEC.md 8's reason ('This item is not managed
 * through content management') instead of a button that always fails (docs/decisions.md). Offline, only kept
 * tools can be downloaded and nothing can be kept or deleted; the reason is shown (DESIGN.md 5a).
 * A kept copy older than the listed file (another size) offers 'Update kept copy'.
 */
export function ToolActions(props: {
  tool: Tool;
  kept: KeptFile | undefined;
  keeping: boolean;
  canKeep: boolean;
  online: boolean;
  isAdmin: boolean;
  handlers: ToolActionHandlers;
}) {
  const { tool, kept, keeping, canKeep, online, isAdmin, handlers } = props;
  const opens = opensInTab(tool.fileName);
  const canDownload = online || kept !== undefined;
  // A managed tool whose file was replaced since it was kept (built-in pages are rendered per
  // deployment, so their size differs from the catalogue's by design: they are not compared).
  const outdated = Boolean(kept && !tool.builtIn && tool.size !== null && kept.size !== tool.size);
  return (
    <div className="tool-actions">
      <button
        type="button"
        className="btn btn-primary btn-small"
        aria-label={`${opens && online ? 'Open' : 'Download'} ${tool.title}`}
        disabled={!canDownload}
        title={canDownload ? undefined : 'Not kept on this device: needs a connection'}
        onClick={() => handlers.onDownload(tool)}
      >
        {opens && online ? 'Open' : 'Download'}
      </button>
      {canKeep && outdated && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-label={`Update the copy of ${tool.title} on this device`}
          disabled={!online || keeping}
          onClick={() => handlers.onKeep(tool)}
        >
          {keeping ? 'Updating...' : 'Update kept copy'}
        </button>
      )}
      {canKeep &&
        (kept ? (
          <button type="button" className="btn btn-outline btn-small" aria-label={`Remove ${tool.title} from this device`} onClick={() => handlers.onRemoveKept(tool)}>
            Remove from device
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-small"
            aria-label={`Keep ${tool.title} on this device`}
            disabled={!online || keeping}
            onClick={() => handlers.onKeep(tool)}
          >
            {keeping ? 'Keeping...' : 'Keep on this device'}
          </button>
        ))}
      {isAdmin && tool.builtIn && <p className="muted tool-offline-note">{MSG.notManagedByContent}</p>}
      {isAdmin && !tool.builtIn && (
        <button
          type="button"
          className="btn btn-outline btn-small tool-delete"
          aria-label={`Delete ${tool.title}`}
          disabled={!online}
          onClick={() => handlers.onDelete(tool)}
        >
          Delete
        </button>
      )}
      {!canDownload && <p className="muted tool-offline-note">Not kept on this device: needs a connection.</p>}
    </div>
  );
}
