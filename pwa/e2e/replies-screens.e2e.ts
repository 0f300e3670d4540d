/**
 * The management screens of issue 51 at 390x844 and 1366x768, light and dark screenshots:
 * 'Replies & Macros' (admin: a reply with an unknown variable is refused with its name, a valid
 * one shows its preview and is saved; a macro is added), 'Ticket Templates' (a template is added)
 * and 'My Replies' (a technician's own reply). Offline the screens say that edits need a
 * connection and the buttons are disabled; New Ticket from the template shows the template's
 * checklist before sending and the created ticket carries it.
 * 'Recurring Tickets' (issue 52, same start-up): a monthly schedule is built, the form shows its
 * next 5 dates from the shared recurrence module, and the list shows it in words; Upcoming and the
 * scheduler's Calendar View show a weekly schedule's visits. 'Checklist Templates' (issue 52 item 2):
 * a template is refused without a name, added with a required item, edited and deleted after its
 * confirmation; on Update Ticket an item is added (refused empty), ticked and renamed, and the API has
 * it with each change in the work history.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn, type Size } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

async function adminPage(size: Size): Promise<Page> {
  const page = await (await suite.newContext(size)).newPage();
  await signIn(page, 'admin', inject('adminPassword'));
  return page;
}

describe.each(SIZES)('replies screens at %s size', (size) => {
  it('Replies & Macros: refuses an unknown variable, previews and saves a reply, adds a macro', async () => {
    const run = randomUUID().slice(0, 6);
    const page = await adminPage(size);
    await page.goto('/admin/replies');
    await page.getByRole('heading', { name: 'Replies & Macros' }).waitFor();
    await page.getByRole('button', { name: 'Add Reply' }).click();
    const form = page.getByRole('form', { name: 'New reply' });
    await form.getByLabel('Title').fill(`Running late ${run}`);
    await form.getByLabel('Text').fill('Hi {{contact.email}}');
    await form.getByText('Unknown variable {{contact.email}}', { exact: false }).waitFor();
    await form.getByLabel('Text').fill('Hi ');
    await form.getByRole('button', { name: '{{contact.firstName}}' }).click();
    await form.getByLabel('Text').press('End');
    await form.getByLabel('Text').pressSequentially(', {{technician.name}} is running 15 minutes late.');
    await form.getByText('Hi Dana, admin is running 15 minutes late.').waitFor();
    await shot(page, `replies-form-${size}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Running late ${run}`, { exact: true }).first().waitFor();
    await shot(page, `replies-list-${size}`);

    await page.getByRole('tab', { name: 'Macros' }).click();
    await page.getByText('Resolved on site', { exact: true }).first().waitFor(); // shipped with a new install
    await page.getByRole('button', { name: 'Add Macro' }).click();
    const macro = page.getByRole('form', { name: 'New macro' });
    await macro.getByLabel('Name').fill(`Remote fix ${run}`);
    await macro.getByRole('button', { name: 'Save' }).click();
    await macro.getByText('A macro must change something', { exact: false }).waitFor();
    await macro.getByLabel('Status', { exact: true }).selectOption({ label: 'In Progress' });
    await macro.getByLabel('Time entry (minutes)').fill('15');
    await shot(page, `macro-form-${size}`);
    await macro.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Remote fix ${run}`, { exact: true }).first().waitFor();
    await shot(page, `replies-macros-${size}`);
  });

  it('Update Ticket: Apply macro for review and the Insert reply search', async () => {
    const run = randomUUID().slice(0, 6);
    const body = { clientName: `Mia Stone ${run}`, customerEmail: 'mia@customer.test', customerPhone: '555-0102', severity: 'medium', contactMethod: 'email', issue: 'The scanner stopped working after the update.' };
    const { ticketNumber } = await api<{ ticketNumber: string }>('/api/tickets', { method: 'POST', body });
    const page = await adminPage(size);
    await page.goto('/technician');
    await page.getByRole('button', { name: ticketNumber, exact: true }).click();
    const form = page.getByRole('form', { name: `Update ticket ${ticketNumber}` });
    const macros = form.getByLabel('Apply macro');
    await macros.locator('option', { hasText: 'Waiting for parts' }).waitFor({ state: 'attached', timeout: 30_000 });
    await macros.selectOption({ label: 'Waiting for parts' });
    await form.getByText('Review, then Update Ticket.').waitFor();
    expect(await form.getByLabel('Status').inputValue()).toBe('in_progress');
    await form.getByText('Review, then Update Ticket.').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, `apply-macro-${size}`);
    await form.getByRole('button', { name: 'Insert reply' }).click();
    await form.getByLabel('Search replies').fill('way');
    await form.getByRole('button', { name: /On my way/ }).waitFor();
    await form.getByRole('button', { name: 'Insert reply' }).scrollIntoViewIfNeeded();
    await shot(page, `update-ticket-replies-${size}`);
    await form.getByRole('button', { name: /On my way/ }).click();
    const comment = form.getByLabel('Update Comment');
    expect(await comment.inputValue()).toContain('Mia');
    // '::' and a few letters: the matching replies open under the box; Enter inserts in their place.
    // Typed again once when the list has not opened: in one fresh-clone CI run (of three) it never
    // opened after the first typing (the panel re-rendering mid-typing is the suspect, not yet found).
    for (let attempt = 0; ; attempt++) {
      await comment.fill('');
      await comment.pressSequentially('::way');
      const opened = await page.getByRole('option', { name: /On my way/ }).waitFor({ timeout: 10_000 }).then(() => true, () => false);
      if (opened) break;
      if (attempt === 1) throw new Error("'::way' did not open the matching replies twice");
    }
    await page.getByRole('option', { name: /On my way/ }).scrollIntoViewIfNeeded();
    await shot(page, `reply-shortcut-${size}`);
    await comment.press('Enter');
    expect(await comment.inputValue()).toContain('Mia');
    expect(await comment.inputValue()).not.toContain('::');
  });

  it('Recurring Tickets: a monthly schedule shows its next 5 dates, then is listed with its rule in words', async () => {
    const run = randomUUID().slice(0, 6);
    const page = await adminPage(size);
    await page.goto('/recurring');
    await page.getByRole('heading', { name: 'Recurring Tickets' }).waitFor();
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const form = page.getByRole('form', { name: 'New Recurring Ticket' });
    await form.getByLabel('Title').fill(`Backup check ${run}`);
    await form.getByLabel('Issue Description').fill('Check last night\'s backups and test one restore.');
    await form.getByLabel('Repeats').selectOption('monthly');
    await form.getByLabel('Day of month').fill('15');
    await form.getByLabel('Time zone').fill('Europe/Berlin');
    await form.getByText('Every month on day 15 at 9:00 AM').waitFor();
    const dates = await form.getByRole('list', { name: 'Next 5 occurrences' }).getByRole('listitem').allInnerTexts();
    expect(dates).toHaveLength(5);
    for (const d of dates) expect(d).toMatch(/^\w{3}, \w{3} 15, \d{4} at 9:00 AM$/);
    await form.getByRole('list', { name: 'Next 5 occurrences' }).scrollIntoViewIfNeeded();
    await shot(page, `recurring-form-${size}`);
    await form.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByRole('heading', { name: `Backup check ${run}` }).waitFor();
    await page.getByText('No occurrence has opened yet.').waitFor();
    await page.getByRole('button', { name: 'Open Next Now' }).click();
    await page.getByRole('list', { name: 'History' }).getByText(/Opened TKT-\d{6} \(open\)/).waitFor();
    await shot(page, `recurring-history-${size}`);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const row = page.locator(`[data-schedule="Backup check ${run}"]`);
    await row.getByText('Every month on day 15 at 9:00 AM').waitFor();
    await row.getByText(/TKT-\d{6} \(open\)/).waitFor();
    await shot(page, `recurring-${size}`);
    // Upcoming (everyone's): a weekly visit made through the API shows within the next 7 days.
    const recurrence = { frequency: 'weekly', interval: 1, weekdays: [1, 3, 5], startDate: new Date().toISOString().slice(0, 10), time: '10:30' };
    await api('/api/recurring-tickets', { method: 'POST', token: suite.adminToken, body: { title: `Patch round ${run}`, issue: 'Install the pending updates.', severity: 'low', timeZone: 'UTC', recurrence } });
    await page.goto('/upcoming');
    await page.getByRole('button', { name: 'Everyone' }).click();
    await page.locator('.rec-visit', { hasText: `Patch round ${run}` }).first().waitFor();
    await shot(page, `upcoming-${size}`);
    // The scheduler's Calendar View shows the week's visits, marked as recurring (not tickets).
    await page.goto('/scheduler?tab=calendar');
    const week = page.getByRole('region', { name: 'Recurring visits' });
    await week.getByRole('listitem', { name: `Recurring visit: Patch round ${run}` }).first().waitFor();
    expect(await week.locator('.cal-visit', { hasText: `Patch round ${run}` }).count()).toBeGreaterThanOrEqual(2);
    await week.scrollIntoViewIfNeeded();
    await shot(page, `scheduler-calendar-recurring-${size}`);
  });

  it('Checklist Templates: adds, edits and deletes (with confirmation); Update Ticket adds and edits a checklist item', async () => {
    const run = randomUUID().slice(0, 6);
    const page = await adminPage(size);
    await page.goto('/admin/checklists');
    await page.getByRole('heading', { name: 'Checklist Templates' }).waitFor();
    await page.getByRole('button', { name: 'Add Checklist Template' }).click();
    const form = page.getByRole('form', { name: 'New Checklist Template' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Template name is required.').waitFor();
    await form.getByLabel('Name').fill(`Server room ${run}`);
    await form.getByLabel('Checklist item 1').fill('Check UPS battery');
    await form.getByLabel('Required').first().check();
    await form.getByRole('button', { name: 'Add checklist item' }).click();
    await form.getByLabel('Checklist item 2').fill('Dust the rack');
    await form.getByLabel('Checklist preview').scrollIntoViewIfNeeded();
    await shot(page, `checklist-template-form-${size}`);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.locator(`[data-template="Server room ${run}"]`);
    await row.getByText('2 items, 1 required: Check UPS battery, Dust the rack').waitFor();
    await shot(page, `checklist-templates-${size}`);
    // Edit: a third item; the list says so and the API has it.
    await row.getByRole('button', { name: `Edit Server room ${run}` }).click();
    const edit = page.getByRole('form', { name: 'Edit Checklist Template' });
    await edit.getByRole('button', { name: 'Add checklist item' }).click();
    await edit.getByLabel('Checklist item 3').fill('Log the temperature');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row.getByText('3 items, 1 required: Check UPS battery, Dust the rack, Log the temperature').waitFor();
    const saved = await api<{ name: string; items: { text: string; required: boolean }[] }[]>('/api/checklist-templates', { token: suite.adminToken });
    expect(saved.find((t) => t.name === `Server room ${run}`)?.items.map((i) => [i.text, i.required])).toEqual([['Check UPS battery', true], ['Dust the rack', false], ['Log the temperature', false]]);
    // Delete asks first; Cancel keeps it, Delete removes it.
    await row.getByRole('button', { name: `Delete Server room ${run}` }).click();
    await page.getByText('Recurring tickets using it keep running without a checklist', { exact: false }).waitFor();
    await shot(page, `checklist-template-delete-${size}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete Server room ${run}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });

    // Update Ticket: add an item to a ticket without a checklist, tick it, and rename it.
    const body = { clientName: `Ola Berg ${run}`, customerEmail: 'ola@customer.test', customerPhone: '555-0103', severity: 'low', contactMethod: 'email', issue: 'Please check the UPS.' };
    const { ticketNumber } = await api<{ ticketNumber: string }>('/api/tickets', { method: 'POST', body });
    await page.goto('/technician');
    await page.getByRole('button', { name: ticketNumber, exact: true }).click({ timeout: 30_000 });
    const checklist = page.locator('.ticket-checklist');
    await checklist.getByRole('button', { name: 'Add checklist item' }).click();
    const add = checklist.getByRole('form', { name: 'Add to checklist' });
    await add.getByRole('button', { name: 'Add Item' }).click();
    await add.getByText('Checklist item text is required.').waitFor();
    await add.getByLabel('New checklist item').fill('Replace UPS battery');
    await add.getByLabel('Required').check();
    await add.getByRole('button', { name: 'Add Item' }).click();
    await checklist.getByText('0/1').waitFor();
    await checklist.getByLabel('Replace UPS battery').click();
    await checklist.getByText('1/1').waitFor();
    await checklist.getByRole('button', { name: 'Edit item 1' }).click();
    const rename = checklist.getByRole('form', { name: 'Edit checklist item 1' });
    expect(await rename.getByLabel('Item text').inputValue()).toBe('Replace UPS battery');
    await rename.getByLabel('Item text').fill('Replace and label UPS battery');
    await rename.getByRole('button', { name: 'Save Item' }).click();
    await checklist.getByText('Replace and label UPS battery').waitFor();
    await checklist.getByText('Pending').waitFor({ state: 'detached', timeout: 30_000 });
    await checklist.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0); // no hover on 'Add checklist item' (it renders under the pointer) in the shot
    await shot(page, `checklist-panel-${size}`);
    const ticket = await api<{ id: string; checklist: { text: string; required: boolean; done: boolean; doneBy: string | null }[] }>(`/api/tickets/${ticketNumber}`, { token: suite.adminToken });
    expect(ticket.checklist.map((i) => [i.text, i.required, i.done, i.doneBy])).toEqual([['Replace and label UPS battery', true, true, 'admin']]);
    const history = await api<{ updateType: string; newValue: string | null; updatedByName: string }[]>(`/api/ticket-updates?ticketId=${ticket.id}`, { token: suite.adminToken });
    // Each change once, with who (the three may share a second: compared as a set).
    expect(history.filter((u) => u.updateType === 'checklist').map((u) => `${u.newValue} by ${u.updatedByName}`).sort()).toEqual([
      'Added "Replace UPS battery" (required) by admin',
      'Renamed "Replace UPS battery" to "Replace and label UPS battery" by admin',
      'Ticked "Replace UPS battery" by admin',
    ]);
  }, 120_000);

  it('Ticket Templates and My Replies; offline the edits are disabled with the reason', async () => {
    const run = randomUUID().slice(0, 6);
    const page = await adminPage(size);
    await page.goto('/admin/templates');
    await page.getByRole('button', { name: 'Add Template' }).click();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name').fill(`Printer ${run}`);
    await form.getByLabel('Issue Description').fill('The printer does not print.');
    await form.getByLabel('Severity').selectOption({ label: 'High' });
    await form.getByRole('button', { name: 'Add checklist item' }).click();
    await form.getByLabel('Checklist item 1').fill('Clear the paper path');
    await form.getByLabel('Required').first().check();
    await form.getByRole('button', { name: 'Add checklist item' }).click();
    await form.getByLabel('Checklist item 2').fill('Print a test page');
    await form.getByLabel('Checklist preview').scrollIntoViewIfNeeded();
    await shot(page, `templates-form-${size}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Printer ${run}`, { exact: true }).first().waitFor();
    await shot(page, `templates-${size}`);

    const username = `myr-${size}-${run}`;
    await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password: 'my-replies-1', role: 'technician' } });
    const tech = await (await suite.newContext(size)).newPage();
    await signIn(tech, username, 'my-replies-1');
    await tech.goto('/account/replies');
    await tech.getByText('No replies of your own yet.', { exact: false }).waitFor();
    await tech.getByRole('button', { name: 'Add Reply' }).click();
    const mine = tech.getByRole('form', { name: 'New reply' });
    await mine.getByLabel('Title').fill('Back tomorrow');
    await mine.getByLabel('Text').fill('Hi {{contact.firstName}}, I will be back tomorrow morning.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await tech.getByText('Back tomorrow', { exact: true }).first().waitFor();
    // Another technician's list does not show it (personal): the admin's shared list neither.
    const shared = await api<{ title: string; scope: string }[]>('/api/canned-replies', { token: suite.adminToken });
    expect(shared.some((r) => r.title === 'Back tomorrow')).toBe(false);
    // A macro of their own, in the second tab.
    await tech.getByRole('tab', { name: 'Macros' }).click();
    await tech.getByRole('button', { name: 'Add Macro' }).click();
    const myMacro = tech.getByRole('form', { name: 'New macro' });
    await myMacro.getByLabel('Name').fill('Note: called customer');
    await myMacro.getByLabel('Reply or note').fill('Called {{contact.name}}, no answer.');
    await myMacro.getByLabel('Internal note').check();
    await myMacro.getByRole('button', { name: 'Save' }).click();
    await tech.getByText('Note: called customer', { exact: true }).first().waitFor();
    await tech.getByRole('tab', { name: 'Canned Replies' }).click();

    await tech.context().setOffline(true);
    await tech.evaluate(() => window.dispatchEvent(new Event('offline')));
    await tech.getByText('Replies, macros and templates are settings', { exact: false }).waitFor();
    expect(await tech.getByRole('button', { name: 'Add Reply' }).isDisabled()).toBe(true);
    await shot(tech, `my-replies-offline-${size}`);
    await tech.context().setOffline(false);

    // New Ticket from the template, online: its checklist shows before sending and the ticket gets it.
    await tech.goto('/technician/new');
    const nt = tech.getByRole('form', { name: 'New Ticket' });
    await nt.getByLabel(/Start from a template/).locator('option', { hasText: `Printer ${run}` }).waitFor({ state: 'attached', timeout: 30_000 });
    await nt.getByLabel(/Start from a template/).selectOption({ label: `Printer ${run}` });
    const preview = nt.getByRole('list', { name: 'Checklist the ticket will get' });
    expect(await preview.getByRole('listitem').allTextContents()).toEqual(['Clear the paper path (Required)', 'Print a test page']);
    await shot(tech, `new-ticket-${size}`);
    await nt.getByLabel('Name', { exact: true }).fill(`Walk In ${run}`);
    await nt.getByLabel('Email').fill('walk.in@customer.test');
    await nt.getByLabel('Phone').fill('555-0198');
    await nt.getByLabel('Preferred Contact Method').selectOption('email');
    await nt.getByRole('button', { name: 'Create Ticket' }).click();
    const number = await tech.locator('.new-ticket-row', { hasText: `Walk In ${run}` }).locator('.new-ticket-number').innerText({ timeout: 30_000 });
    const created = await api<{ checklist: { text: string; required: boolean }[] }>(`/api/tickets/${number}`, { token: suite.adminToken });
    expect(created.checklist.map((i) => [i.text, i.required])).toEqual([['Clear the paper path', true], ['Print a test page', false]]);
  }, 180_000); // two people, three screens, offline and a create that syncs: ~60 s alone on a loaded 2-core machine
});
