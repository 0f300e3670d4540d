/** Texts of the Checklist Templates screen (issue 52 item 2; tests find elements by them). */
export const CHECKLIST_TEMPLATES_TEXT = {
  title: 'Checklist Templates',
  intro: 'Named lists of checklist items. A recurring ticket copies its template\u2019s items onto each ticket it opens; changing a template changes the tickets opened after it, not those already open.',
  add: 'Add Checklist Template',
  newTitle: 'New Checklist Template',
  editTitle: 'Edit Checklist Template',
  empty: 'No checklist templates yet.',
  saved: 'Checklist Template Saved',
  deleted: 'Checklist Template Deleted',
  deleteTitle: 'Delete Checklist Template?',
  deleteText: (name: string) => `This will permanently delete "${name}". Recurring tickets using it keep running without a checklist; tickets keep their items.`,
  onlineOnly: 'Checklist templates are settings: you can change them when you are back online.',
} as const;
