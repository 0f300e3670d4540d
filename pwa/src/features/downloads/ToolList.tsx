import { formatFileSize } from '@portal/shared';
import type { KeptFile } from '../../lib/keptFiles';
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

/** Phones: one card per tool (DESIGN.md 5a). */
export function ToolCards(props: ListProps) {
  const { tools, kept, busy, canKeep, online, isAdmin, handlers } = props;
  return (
    <ul className="tool-cards" aria-label="Tech support tools">
      {tools.map((tool) => (
        <li key={tool.key} className="card tool-card" data-testid={`tool-${tool.fileName}`}>
          <div className="tool-card-head">
            <h3>{tool.title}</h3>
            <KeptBadge kept={kept?.get(tool.fileName)} />
          </div>
          {tool.description && <p className="tool-description">{tool.description}</p>}
          <p className="muted tool-meta">
            {[tool.version && `Version ${tool.version}`, tool.platform, sizeText(tool), tool.category].filter(Boolean).join(' · ')}
          </p>
          <ToolActions
            tool={tool}
            kept={kept?.get(tool.fileName)}
            keeping={busy.has(tool.fileName)}
            canKeep={canKeep}
            online={online}
            isAdmin={isAdmin}
            handlers={handlers}
          />
        </li>
      ))}
    </ul>
  );
}

/** From 992 px: a table with the same facts and actions. */
export function ToolTable(props: ListProps) {
  const { tools, kept, busy, canKeep, online, isAdmin, handlers } = props;
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Tech support tools">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Version</th>
            <th scope="col">Platform</th>
            <th scope="col">Size</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.key} data-testid={`tool-${tool.fileName}`}>
              <td>
                <div className="tool-title">
                  <strong>{tool.title}</strong> <KeptBadge kept={kept?.get(tool.fileName)} />
                </div>
                {tool.description && <div className="muted tool-description">{tool.description}</div>}
                <div className="muted tool-file">
                  {tool.fileName} · {tool.category}
                </div>
              </td>
              <td className="nowrap">{tool.version ?? ''}</td>
              <td className="nowrap">{tool.platform ?? ''}</td>
              <td className="nowrap">{sizeText(tool)}</td>
              <td>
                <ToolActions
                  tool={tool}
                  kept={kept?.get(tool.fileName)}
                  keeping={busy.has(tool.fileName)}
                  canKeep={canKeep}
                  online={online}
                  isAdmin={isAdmin}
                  handlers={handlers}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
