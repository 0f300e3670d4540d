/**
 * Clean threads from e-mail (issue 57 item 4, docs/inbound-mail.md "Clean threads"): the new text of a
 * customer's reply, without the quoted history ("On ... wrote:", "> " lines, "-----Original
 * Message-----") and the usual signatures ("Sent from my iPhone", "Best regards, ..."), found by
 * `email-reply-parser` (crisp-oss, MIT; based on GitHub's EmailReplyParser). The parser is loaded with
 * the first reply, not at start (docs/decisions.md "API memory").
 */

/** A reply's text split for the work history: `text` is what staff read; `original` the mail as received, or null when nothing was trimmed. */
export interface CleanReply {
  text: string;
  original: string | null;
}

/**
 * Splits `received` (the mail's plain text, already trimmed) into its new text and the original.
 * When the parser finds no new text (a reply that is all quote, or a parser failure) the whole text
 * stays as it is (`original` null): a message is never reduced to nothing.
 */
export async function cleanReply(received: string): Promise<CleanReply> {
  if (!received) return { text: received, original: null };
  let visible: string;
  try {
    const { default: EmailReplyParser } = await import('email-reply-parser');
    visible = new EmailReplyParser().parseReply(received).trim();
  } catch {
    return { text: received, original: null };
  }
  if (!visible || visible === received.trim()) return { text: received, original: null };
  return { text: visible, original: received };
}
