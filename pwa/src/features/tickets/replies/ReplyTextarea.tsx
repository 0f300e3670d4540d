import type { ReplyTextareaProps } from '../../../lib/ticketTools';
import { ReplyPicker } from './ReplyPicker';
import { ShortcutMenu } from './ShortcutMenu';
import { useReplyInsertion } from './useReplyInsertion';
import { useReplyLibrary } from './useReplyLibrary';
import '../tickets.css';

/**
 * A textarea with this device's canned replies (issue 51), lent to other features through
 * lib/ticketTools (the visits close-out's Work done): 'Insert reply' and `::` as under Update
 * Comment, each reply filled from `ticket` and `user`, offline too, and editable.
 */
export default function ReplyTextarea(props: ReplyTextareaProps) {
  const { id, ticket, user, value, onChange, maxLength } = props;
  const library = useReplyLibrary(ticket, user);
  const insertion = useReplyInsertion({ replies: library.replies, fill: library.fill, getText: () => value, setText: onChange });
  const field = { ref: () => undefined, onChange: (e: { currentTarget: HTMLTextAreaElement }) => onChange(e.currentTarget.value) };
  return (
    <>
      <textarea
        id={id}
        className="input textarea"
        maxLength={maxLength}
        value={value}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        {...insertion.textarea(field)}
      />
      <ShortcutMenu menu={insertion.menu} fill={library.fill} />
      <ReplyPicker replies={library.replies} fill={library.fill} onPick={(r) => insertion.insert(r)} />
    </>
  );
}
