import type { ReactNode } from 'react';
import { formatFileSize } from '@portal/shared';
import type { KeptFile } from '../../lib/keptFiles';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { useChecksums } from './api/useChecksums';
import { ToolActions, type ToolActionHandlers } from './ToolActions';
import type { Tool } from './tools';

interface ListProps {
  tools: readonly Tool[];
  kept: ReadonlyMap<string, KeptFile> | undefined;
  busy: ReadonlySet<string>;
  canKeep: boolean;
  online: boolean;
  isAdmin: boolean;
  handlers: ToolActionHandlers;
}

const sizeText = (tool: Tool) => (tool.size === null ? 'Size unknown' : formatFileSize(tool.size));

function KeptBadge({ kept }: { kept: KeptFile | undefined }) {
  return kept ? <span className="tool-kept">Kept on this device</span> : null;
}

/** The file's SHA-256 (to check a downloaded installer), when the server has sent it. */
function Checksum({ sha256 }: { sha256: string | undefined }) {
  if (!sha256) return null;
  return (
    <div className="muted tool-sha">
      SHA-256: <code>{sha256}</code>
    </div>
  );
}

/** Phones: the card of one tool. */
function ToolCard({ tool, actions, kept, sha256 }: { tool: Tool; actions: ReactNode; kept: KeptFile | undefined; sha256: string | undefined }) {
  return (
    <>
      <div className="tool-card-head">
        <h3>{tool.title}</h3>
        <KeptBadge kept={kept} />
      </div>
      {tool.description && <p className="tool-description">{tool.description}</p>}
      <p className="muted tool-meta">
        {[tool.version && `Version ${tool.version}`, tool.platform, sizeText(tool), tool.category].filter(Boolean).join(' · ')}
      </p>
      <Checksum sha256={sha256} />
      {actions}
    </>
  );
}

/**
 * The tools (DESIGN.md 5a list): cards on phones, a table from 992 px with the same facts (the
 * SHA-256 of each file too, from GET /api/downloads/checksums) and the actions (download, keep on this device, remove, delete for admins).
 */
export function ToolList(props: ListProps) {
  const { tools, kept, busy, canKeep, online, isAdmin, handlers } = props;
  const checksums = useChecksums();
  const actions = (tool: Tool) => (
    <ToolActions
      tool={tool}
      kept={kept?.get(tool.fileName)}
      keeping={busy.has(tool.fileName)}
      canKeep={canKeep}
      online={online}
      isAdmin={isAdmin}
      handlers={handlers}
    />
  );
  const columns: ListColumn<Tool>[] = [
    {
      id: 'tool',
      header: 'Tool',
      cell: (tool) => (
        <>
          <div className="tool-title">
            <strong>{tool.title}</strong> <KeptBadge kept={kept?.get(tool.fileName)} />
          </div>
          {tool.description && <div className="muted tool-description">{tool.description}</div>}
          <div className="muted tool-file">
            {tool.fileName} · {tool.category}
          </div>
          <Checksum sha256={checksums?.[tool.fileName]} />
        </>
      ),
    },
    { id: 'version', header: 'Version', cell: (tool) => tool.version ?? '', className: 'nowrap' },
    { id: 'platform', header: 'Platform', cell: (tool) => tool.platform ?? '', className: 'nowrap' },
    { id: 'size', header: 'Size', cell: sizeText, className: 'nowrap' },
    { id: 'actions', header: 'Actions', cell: actions },
  ];
  return (
    <ResponsiveList
      rows={tools}
      rowKey={(tool) => tool.key}
      columns={columns}
      card={(tool) => <ToolCard tool={tool} actions={actions(tool)} kept={kept?.get(tool.fileName)} sha256={checksums?.[tool.fileName]} />}
      label="Tech support tools"
      empty="No tools yet."
      rowAttrs={(tool) => ({ 'data-testid': `tool-${tool.fileName}` })}
      classes={{ list: 'tool-cards', card: 'card tool-card' }}
    />
  );
}
