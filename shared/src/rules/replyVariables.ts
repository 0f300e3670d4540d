/**
 * Variables of canned replies and macros (issue 51, docs/replies-and-macros.md), one module for the
 * API (validation on save, the customer e-mail's `{{ticket.statusLink}}`) and the phone (filling a
 * reply from the ticket when it is inserted, offline too).
 *
 * Templates are `mustache` (logic-less): only plain variables from {@link REPLY_VARIABLES} are
 * allowed, written `{{name}}` (or `{{{name}}}` / `{{&name}}`, the same here: nothing is
 * HTML-escaped, replies are plain text). Sections, partials and delimiter changes are refused, and
 * so is any other name, with the name in the message. The view a template is rendered with is
 * built field by field from {@link ReplyContext}, so no variable can reach anything else (no vault
 * secret, no internal note, no object property such as `constructor`).
 *
 * `{{ticket.statusLink}}` is the customer's status link: a bearer token that staff devices never
 * hold (docs/status-links.md). On the phone it stays in the text as written (the context's value is
 * the placeholder itself); the server fills it when it e-mails the reply ({@link fillServerVariables}).
 */
import Mustache from 'mustache';

/** Every variable a reply may use, in the order the picker lists them. */
export const REPLY_VARIABLES = [
  'contact.firstName',
  'contact.name',
  'client.name',
  'ticket.number',
  'ticket.statusLink',
  'technician.name',
  'technician.phone',
  'support.phone',
] as const;
export type ReplyVariable = (typeof REPLY_VARIABLES)[number];

/** What each variable becomes (editor help, docs). */
export const REPLY_VARIABLE_HELP: Record<ReplyVariable, string> = {
  'contact.firstName': "The contact's first name",
  'contact.name': "The contact's full name",
  'client.name': 'The business (client) name, else the contact name',
  'ticket.number': 'The ticket number, e.g. TKT-000123',
  'ticket.statusLink': "The customer's status link (filled when the e-mail is sent)",
  'technician.name': 'Your name',
  'technician.phone': 'Your phone number (else the support number)',
  'support.phone': 'The support phone number',
};

/** The placeholder of the status link, as it stays in a reply until the server e-mails it. */
export const STATUS_LINK_VARIABLE = '{{ticket.statusLink}}';

/** Values of every variable (strings; '' when unknown). */
export interface ReplyContext {
  contact: { firstName: string; name: string };
  client: { name: string };
  ticket: { number: string; statusLink: string };
  technician: { name: string; phone: string };
  support: { phone: string };
}

/** One parsed mustache token: [type, value, start, end, ...]. */
type Token = [string, string, number, number, ...unknown[]];

/** A writer of our own with its template cache off: the server sees unbounded distinct texts. */
const writer = new Mustache.Writer();
(writer as unknown as { templateCache: undefined }).templateCache = undefined;

const ALLOWED = new Set<string>(REPLY_VARIABLES);
const KIND_NAMES: Record<string, string> = { '#': 'section', '^': 'inverted section', '/': 'section end', '>': 'partial', '=': 'delimiter change' };

/**
 * Why `text` is not a valid reply template, or null when it is. Messages name the offending
 * variable: `Unknown variable {{contact.email}}. Use one of: {{contact.firstName}}, ...`.
 */
export function templateProblem(text: string): string | null {
  let tokens: Token[];
  try {
    tokens = writer.parse(text) as Token[];
  } catch (err) {
    return `The reply's variables are not written correctly (${(err as Error).message}). Write them like {{contact.firstName}}.`;
  }
  for (const [type, value] of tokens) {
    if (type === 'text' || type === '!') continue;
    if (type === 'name' || type === '&') {
      if (!ALLOWED.has(value)) return `Unknown variable {{${value}}}. Use one of: ${REPLY_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`;
      continue;
    }
    return `{{${type}${value}}} is a mustache ${KIND_NAMES[type] ?? 'tag'}; replies may only use variables such as {{contact.firstName}}.`;
  }
  return null;
}

/** The variables `text` uses (valid templates only; [] otherwise). */
export function templateVariables(text: string): ReplyVariable[] {
  if (templateProblem(text)) return [];
  const names = (writer.parse(text) as Token[]).filter(([type]) => type === 'name' || type === '&').map(([, v]) => v as ReplyVariable);
  return [...new Set(names)];
}

/** The mustache view of `ctx`: fresh objects holding exactly the variables' strings. */
function viewOf(ctx: ReplyContext) {
  return {
    contact: { firstName: ctx.contact.firstName, name: ctx.contact.name },
    client: { name: ctx.client.name },
    ticket: { number: ctx.ticket.number, statusLink: ctx.ticket.statusLink },
    technician: { name: ctx.technician.name, phone: ctx.technician.phone },
    support: { phone: ctx.support.phone },
  };
}

/**
 * `text` with its variables filled from `ctx` (plain text, nothing escaped). A text that is not a
 * valid template (see {@link templateProblem}) is returned unchanged: the phone inserts what it
 * has, the server never fails an e-mail over what a technician typed.
 */
export function renderReply(text: string, ctx: ReplyContext): string {
  if (templateProblem(text)) return text;
  return writer.render(text, viewOf(ctx), undefined, { escape: (v: string) => v });
}

/** The fields of a ticket a reply reads (shared Ticket). */
export interface ReplyTicket {
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
}

/** A person or business the ticket points at (clients feature, issue 50), when it has one. */
export interface ReplyParty {
  name: string;
  firstName?: string | null;
}

/** What {@link replyContextFor} needs. */
export interface ReplyContextInput {
  ticket: ReplyTicket;
  /** The ticket's contact and client (clients feature); absent: the ticket's own clientName/businessName. */
  contact?: ReplyParty | null | undefined;
  client?: ReplyParty | null | undefined;
  technician: { name: string; phone?: string | null | undefined };
  supportPhone: string;
  /** The status link URL (server only); absent: the placeholder stays in the text. */
  statusLink?: string | undefined;
}

/** First word of a name ('Dana Smith' -> 'Dana'); '' for an empty name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The context of a reply on `ticket`. `contact` / `client` come from the ticket's contact and
 * client when the clients feature gives them, else from what the customer typed: the contact is
 * `clientName` (SPEC.md's "Name"), the client is `businessName`, else the contact's name. This is
 * the one place that decides it, so switching to clients means passing them in.
 */
export function replyContextFor(input: ReplyContextInput): ReplyContext {
  const contactName = input.contact?.name ?? input.ticket.clientName;
  const firstName = input.contact?.firstName || firstNameOf(contactName);
  const clientName = input.client?.name ?? input.ticket.businessName ?? contactName;
  return {
    contact: { firstName, name: contactName },
    client: { name: clientName },
    ticket: { number: input.ticket.ticketNumber, statusLink: input.statusLink ?? STATUS_LINK_VARIABLE },
    technician: { name: input.technician.name, phone: input.technician.phone || input.supportPhone },
    support: { phone: input.supportPhone },
  };
}

/**
 * A reply as the customer's e-mail carries it: the variables still in the text (normally only
 * `{{ticket.statusLink}}`, which the phone leaves) filled on the server. Without a live status
 * link, the link becomes `fallbackLink` (the status lookup page).
 */
export function fillServerVariables(text: string, input: ReplyContextInput & { fallbackLink: string }): string {
  if (!text.includes('{{')) return text;
  return renderReply(text, replyContextFor({ ...input, statusLink: input.statusLink ?? input.fallbackLink }));
}
