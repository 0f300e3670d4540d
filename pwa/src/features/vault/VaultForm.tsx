import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, vaultCreateSchema, type VaultSecretField } from '@portal/shared';
import { useToast } from '../../lib/toast';
import { VAULT_TEXT } from './texts';
import { formDefaults, type FormBase, type VaultFormValues } from './formModel';
import { FormActions } from '../../lib/ui/FormActions';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { useVaultDraft } from './useVaultDraft';
import { EndpointsSection, NotesSection, OFFLINE_SECRET_HINT, VaultFieldSections, type VaultFieldKit } from './VaultFormFields';


// The shared create schema validates the form (SPEC.md 5); extra row keys (hasPassword...) are ignored.
const resolver = zodResolver(vaultCreateSchema as never) as unknown as Resolver<VaultFormValues>;

/** First validation message of the form (for the 'Validation Error' toast). */
function firstMessage(errors: FieldErrors<VaultFormValues>): string {
  if (errors.businessName?.message) return errors.businessName.message;
  for (const value of Object.values(errors)) {
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return value.message;
  }
  const rows = (errors.endpoints ?? []) as ({ name?: { message?: string }; url?: { message?: string } } | undefined)[];
  for (const row of Array.isArray(rows) ? rows : []) {
    const m = row?.name?.message ?? row?.url?.message;
    if (m) return m;
  }
  return MSG.vaultBusinessNameRequired;
}

/**
 * The Add Customer / Edit form (SPEC.md 2 "Form sections"): Contact, Domain & Hosting, Network,
 * ISP & Phone, Endpoints (rows added and removed), Additional Notes; 'Create' or 'Update',
 * 'Saving...' while pending. Validation with the shared schema (SPEC.md 5) shows the message under
 * the field and the toast 'Validation Error' (for the business name: 'Business name is required.').
 * Secret inputs never show stored values: blank keeps, 'Remove' deletes on save. With no connection
 * the secret inputs and the fields outside the offline index are disabled with the reason.
 * With `draftOwner`, the non-secret fields are kept as a draft on this device (useVaultDraft):
 * 'Draft restored' when the form opens again, deleted on submit or 'Discard draft'.
 */
export function VaultForm(props: {
  base?: FormBase;
  online: boolean;
  headingId: string;
  pending: boolean;
  /** Server field errors of the last attempt (400). */
  serverErrors?: Record<string, string[]> | undefined;
  onSubmit(values: VaultFormValues, cleared: ReadonlySet<VaultSecretField>): void;
  onCancel(): void;
  /** Id of the signed-in user: keeps a draft of the non-secret fields (none when absent). */
  draftOwner?: string | null;
}) {
  const { base, online, headingId, pending, serverErrors, onSubmit, onCancel, draftOwner } = props;
  const toast = useToast();
  const editing = base !== undefined;
  const [cleared, setCleared] = useState<ReadonlySet<VaultSecretField>>(new Set());
  const {
    register,
    control,
    getValues,
    setValue,
    reset,
    watch,
    handleSubmit,
    formState: { errors },
  } = useForm<VaultFormValues>({ resolver, defaultValues: formDefaults(base) });
  // keyName: the rows' own `id` is the stored endpoint id and must not be replaced by React keys.
  const rows = useFieldArray({ control, name: 'endpoints', keyName: 'rowKey' });
  const [start] = useState(() => formDefaults(base));
  const draft = useVaultDraft({
    key: `vault:${base?.index.id ?? 'new'}`,
    owner: draftOwner ?? null,
    values: watch(),
    start,
    apply: (fields, endpoints) => {
      for (const [f, v] of Object.entries(fields)) setValue(f as keyof typeof fields, v, { shouldDirty: true });
      if (endpoints) rows.replace(endpoints);
    },
  });

  const errorOf = (name: string): string | undefined => {
    const local = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return local ?? serverErrors?.[name]?.[0];
  };
  const kit: VaultFieldKit = { base, online, register, errorOf, cleared, setCleared };

  const onInvalid = (errs: FieldErrors<VaultFormValues>) =>
    toast.show({ title: VAULT_TEXT.validation.title, description: firstMessage(errs), variant: 'destructive' });

  return (
    <form className="form vault-form" noValidate aria-labelledby={headingId} onSubmit={handleSubmit((v) => {
        draft.clear();
        onSubmit(v, cleared);
      }, onInvalid)}>
      <h2 id={headingId}>{editing ? `Edit ${base.index.businessName}` : 'Add Customer'}</h2>
      <DraftNotice
        restored={draft.restored}
        onDiscard={() => {
          draft.discard();
          reset(start);
        }}
      />
      {!online && <p className="vault-offline-note">{OFFLINE_SECRET_HINT} The change is saved on this device and sent when you are back online.</p>}

      <VaultFieldSections kit={kit} />
      <EndpointsSection rows={rows} errors={errors} register={register} getValues={getValues} online={online} />
      <NotesSection register={register} online={online} />

      <FormActions label={pending ? VAULT_TEXT.saving : editing ? VAULT_TEXT.update : VAULT_TEXT.create} pending={pending} onCancel={onCancel} className="vault-form-actions" />
    </form>
  );
}
