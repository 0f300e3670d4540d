import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { TicketEditValues } from '@portal/shared';
import { MacroPicker } from './MacroPicker';
import { ReplyPicker } from './ReplyPicker';
import { ShortcutMenu } from './ShortcutMenu';
import type { ReplyLibrary } from './useReplyLibrary';
import { useMacro } from './useMacro';
import { useReplyInsertion } from './useReplyInsertion';

const asTyped = (text: string) => text;

/**
 * The Update Ticket form's canned replies and macros (issue 51), wired to the form: `macroPicker`
 * ('Apply macro' and its review notice, for the top of the form), `insertion` (the comment box's
 * `::` tracking) and `commentTools` (the `::` menu and 'Insert reply', under the box). Nothing
 * when there is no `library`. `macro.applied` goes with the submitted update; `macro.done()` once queued.
 */
export function useReplyTools(library: ReplyLibrary | undefined, form: { getValues: UseFormGetValues<TicketEditValues>; setValue: UseFormSetValue<TicketEditValues> }) {
  const { getValues, setValue } = form;
  const fill = library?.fill ?? asTyped;
  const macro = useMacro({ getValues, setValue, fill, meId: library?.meId ?? '' });
  const insertion = useReplyInsertion({ replies: library?.replies ?? [], fill, getText: () => getValues('comment'), setText: (t) => setValue('comment', t, { shouldDirty: true }) });
  if (!library) return { macro, insertion: undefined, macroPicker: null, commentTools: null };
  return {
    macro,
    insertion,
    macroPicker: <MacroPicker macros={library.macros} applied={macro.applied} onApply={macro.apply} onUndo={macro.undo} />,
    commentTools: (
      <>
        <ShortcutMenu menu={insertion.menu} fill={fill} />
        <ReplyPicker replies={library.replies} fill={fill} onPick={(r) => insertion.insert(r)} />
      </>
    ),
  };
}
