import { describe, expect, it } from 'vitest';
import { REPLY_VARIABLES, STATUS_LINK_VARIABLE, fillServerVariables, renderReply, replyContextFor, templateProblem, templateVariables } from './replyVariables';
import { applyMacroToValues, macroResolutionProblem } from './macros';
import { cannedReplyCreateSchema, macroCreateSchema } from '../schemas/replies';

const ticket = { ticketNumber: 'TKT-000042', clientName: 'Dana  Smith', businessName: 'Acme Dental' };
const ctx = replyContextFor({ ticket, technician: { name: 'alice' }, supportPhone: '(555) 123-4567' });

describe('reply variables', () => {
  it('fills every variable from the ticket, the technician and the support number', () => {
    const text = REPLY_VARIABLES.map((v) => `${v}=[{{${v}}}]`).join('\n');
    expect(templateProblem(text)).toBeNull();
    expect(renderReply(text, ctx).split('\n')).toEqual([
      'contact.firstName=[Dana]',
      'contact.name=[Dana  Smith]',
      'client.name=[Acme Dental]',
      'ticket.number=[TKT-000042]',
      `ticket.statusLink=[${STATUS_LINK_VARIABLE}]`,
      'technician.name=[alice]',
      'technician.phone=[(555) 123-4567]',
      'support.phone=[(555) 123-4567]',
    ]);
  });

  it('takes the contact and client when the ticket has them, else the typed names', () => {
    const withParties = replyContextFor({ ticket, contact: { name: 'Sam Lee', firstName: 'Sammy' }, client: { name: 'Lee & Co' }, technician: { name: 'bob', phone: '+1 555 0100' }, supportPhone: '1' });
    expect(renderReply('{{contact.firstName}} {{contact.name}} {{client.name}} {{technician.phone}}', withParties)).toBe('Sammy Sam Lee Lee & Co +1 555 0100');
    const noBusiness = replyContextFor({ ticket: { ...ticket, businessName: null }, technician: { name: 'bob' }, supportPhone: '1' });
    expect(renderReply('{{client.name}}', noBusiness)).toBe('Dana  Smith');
  });

  it('never escapes: replies are plain text', () => {
    const odd = replyContextFor({ ticket: { ...ticket, clientName: '<b>O\'Neil & "Sons"</b>' }, technician: { name: 'a' }, supportPhone: '1' });
    expect(renderReply('{{contact.name}} {{{contact.name}}}', odd)).toBe('<b>O\'Neil & "Sons"</b> <b>O\'Neil & "Sons"</b>');
  });

  it('refuses an unknown variable with its name, and sections, partials and delimiter changes', () => {
    expect(templateProblem('Hi {{contact.email}}')).toMatch(/^Unknown variable \{\{contact\.email\}\}\. Use one of: \{\{contact\.firstName\}\}/);
    for (const name of ['constructor', 'ticket', 'ticket.issue', 'vault.wifiPassword', 'comment', '.', 'ticket.constructor.name', '__proto__']) {
      expect(templateProblem(`x {{${name}}} y`)).toContain(`{{${name}}}`);
    }
    expect(templateProblem('{{#ticket}}{{number}}{{/ticket}}')).toMatch(/section/);
    expect(templateProblem('{{> secret}}')).toMatch(/partial/);
    expect(templateProblem('{{=<% %>=}}')).toMatch(/delimiter/);
    expect(templateProblem('Hi {{contact.name')).toMatch(/not written correctly/);
    expect(templateProblem('{{! a comment }}Hi')).toBeNull();
  });

  it('reaches nothing but the variables, even when rendering is asked for anyway', () => {
    expect(renderReply('{{constructor}}', ctx)).toBe('{{constructor}}');
    expect(templateVariables('{{ticket.number}} {{ticket.number}} {{support.phone}}')).toEqual(['ticket.number', 'support.phone']);
  });

  it('fills the status link on the server, or the lookup page without a live link', () => {
    const input = { ticket, technician: { name: 'alice' }, supportPhone: '1', fallbackLink: 'https://desk.example/status' };
    expect(fillServerVariables(`Follow: ${STATUS_LINK_VARIABLE}`, { ...input, statusLink: 'https://desk.example/status/abc' })).toBe('Follow: https://desk.example/status/abc');
    expect(fillServerVariables(`Follow: ${STATUS_LINK_VARIABLE}`, input)).toBe('Follow: https://desk.example/status');
    expect(fillServerVariables('I typed {{ not a variable', input)).toBe('I typed {{ not a variable');
  });

  it('is checked by the schemas on save', () => {
    const bad = cannedReplyCreateSchema.safeParse({ title: 'x', body: 'Hi {{contact.phone}}' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toContain('{{contact.phone}}');
    expect(cannedReplyCreateSchema.safeParse({ title: 'x', body: '   ' }).error!.issues[0]!.message).toBe('Write the text of the reply');
    const noChange = macroCreateSchema.safeParse({ name: 'Nothing', actions: {} });
    expect(noChange.error!.issues[0]!.message).toMatch(/must change something/);
  });
});

describe('applying a macro', () => {
  const values = { status: 'open' as const, severity: 'low' as const, assignedTo: 'unassigned', resolution: '', comment: 'Typed first.', reply: false };
  it('puts the macro into the panel values for review', () => {
    const next = applyMacroToValues(values, { status: 'resolved', assignee: 'me', comment: { text: 'Hi {{contact.firstName}}', reply: true }, resolution: 'Fixed for {{client.name}}' }, (t) => renderReply(t, ctx), 'me-id');
    expect(next).toEqual({ status: 'resolved', severity: 'low', assignedTo: 'me-id', resolution: 'Fixed for Acme Dental', comment: 'Typed first.\n\nHi Dana', reply: true });
  });
  it('asks for a resolution when the macro resolves or closes without one', () => {
    expect(macroResolutionProblem('Done', { status: 'resolved', resolution: ' ' })).toBe('Done sets the status to Resolved, which needs a resolution. Write one in Resolution, then Update Ticket.');
    expect(macroResolutionProblem('Done', { status: 'closed', resolution: 'ok' })).toBeNull();
    expect(macroResolutionProblem('Done', { status: 'in_progress', resolution: null })).toBeNull();
  });
});
