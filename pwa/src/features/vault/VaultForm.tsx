import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, VAULT_FIELD_LABELS, vaultCreateSchema, type VaultSecretField, type VaultTextField } from '@portal/shared';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useToast } from '../../lib/toast';
import { FORM_SECTIONS, VAULT_TEXT } from './texts';
import { editableOffline, emptyEndpoint, formDefaults, type FormBase, type VaultFormValues } from './formModel';
import { FormActions } from '../../lib/ui/FormActions';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { useVaultDraft } from './useVaultDraft';
import { SecretInput } from './SecretInput';

/** Hint under secret inputs with no connection (docs/decisions.md: secrets typed offline are refused). */
export const OFFLINE_SECRET_HINT = 'Passwords and account numbers can only be saved online: they are never stored on this device.';
const OFFLINE_FIELD_HINT = 'Needs a connection to edit.';

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

  const has = (f: VaultSecretField) => Boolean(base?.index[`has${f[0]!.toUpperCase()}${f.slice(1)}` as keyof typeof base.index]);

  const text = (f: VaultTextField | 'businessName', opts: { type?: string; inputMode?: 'email' | 'tel'; autoComplete?: string; required?: boolean } = {}) => {
    const id = `vault-${f}`;
    const error = errorOf(f);
    const disabled = f !== 'businessName' && !online && !editableOffline(f);
    return (
      <FormField id={id} label={VAULT_FIELD_LABELS[f]} error={error} hint={disabled ? OFFLINE_FIELD_HINT : undefined} optional={!opts.required}>
        <input
          id={id}
          className="input"
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          autoComplete={opts.autoComplete ?? 'off'}
          disabled={disabled}
          {...fieldAria(id, error)}
          {...register(f)}
        />
      </FormField>
    );
  };

  const secret = (f: VaultSecretField) => {
    const id = `vault-${f}`;
    const stored = has(f);
    const isCleared = cleared.has(f);
    const toggle = (on: boolean) =>
      setCleared((prev) => {
        const next = new Set(prev);
        if (on) next.add(f);
        else next.delete(f);
        return next;
      });
    return (
      <FormField id={id} label={VAULT_FIELD_LABELS[f]} error={errorOf(f)} hint={online ? (stored && !isCleared ? VAULT_TEXT.savedSecretHint : undefined) : OFFLINE_SECRET_HINT} optional>
        <SecretInput
          id={id}
          disabled={!online}
          placeholder={stored ? (isCleared ? VAULT_TEXT.clearedSecret : VAULT_TEXT.savedSecret) : ''}
          registration={register(f)}
          extra={
            stored && online ? (
              <button type="button" className="btn btn-outline btn-small" aria-label={`${isCleared ? 'Keep' : 'Remove'} ${VAULT_FIELD_LABELS[f]}`} onClick={() => toggle(!isCleared)}>
                {isCleared ? 'Keep' : 'Remove'}
              </button>
            ) : null
          }
        />
      </FormField>
    );
  };

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

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.contact}</legend>
        <div className="form-grid vault-grid">
          {text('businessName', { required: true, autoComplete: 'organization' })}
          {text('contactName')}
          {text('contactEmail', { type: 'email', inputMode: 'email' })}
          {text('contactPhone', { type: 'tel', inputMode: 'tel' })}
          {text('address')}
        </div>
      </fieldset>

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.domain}</legend>
        <div className="form-grid vault-grid">
          {text('domainRegistrar')}
          {text('domainUsername')}
          {secret('domainPassword')}
          {text('hostingProvider')}
          {text('hostingUsername')}
          {secret('hostingPassword')}
        </div>
      </fieldset>

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.network}</legend>
        <div className="form-grid vault-grid">
          {text('wifiSsid')}
          {secret('wifiPassword')}
          {text('routerUsername')}
          {secret('routerPassword')}
          {text('staticIp')}
        </div>
      </fieldset>

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.isp}</legend>
        <div className="form-grid vault-grid">
          {text('ispProvider')}
          {secret('ispAccountNumber')}
          {text('phoneProvider')}
          {secret('phoneAccountNumber')}
        </div>
      </fieldset>

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.endpoints}</legend>
        {rows.fields.length === 0 && <p className="muted vault-nothing">No endpoints yet.</p>}
        {rows.fields.map((row, i) => {
          const n = i + 1;
          const rowErrors = (errors.endpoints as Record<number, Record<string, { message?: string }>> | undefined)?.[i];
          const nameId = `vault-endpoint-${i}-name`;
          const urlId = `vault-endpoint-${i}-url`;
          const userId = `vault-endpoint-${i}-username`;
          const passId = `vault-endpoint-${i}-password`;
          const stored = row.hasPassword;
          return (
            <div key={row.rowKey} className="endpoint-row" role="group" aria-label={`Endpoint ${n}`}>
              <div className="endpoint-row-head">
                <strong>Endpoint {n}</strong>
                <button type="button" className="btn btn-outline btn-small" aria-label={`Remove endpoint ${n}`} onClick={() => rows.remove(i)}>
                  Remove
                </button>
              </div>
              <div className="form-grid vault-grid">
                <FormField id={nameId} label="Name" error={rowErrors?.name?.message}>
                  <input id={nameId} className="input" autoComplete="off" {...fieldAria(nameId, rowErrors?.name?.message)} {...register(`endpoints.${i}.name`)} />
                </FormField>
                <FormField id={urlId} label="URL" error={rowErrors?.url?.message} optional>
                  <input id={urlId} className="input" inputMode="url" autoComplete="off" placeholder="https://" {...fieldAria(urlId, rowErrors?.url?.message)} {...register(`endpoints.${i}.url`)} />
                </FormField>
                <FormField id={userId} label="Username" optional hint={online ? undefined : OFFLINE_FIELD_HINT}>
                  <input id={userId} className="input" autoComplete="off" disabled={!online} {...register(`endpoints.${i}.username`)} />
                </FormField>
                <FormField id={passId} label="Password" optional hint={online ? (stored && !row.clearPassword ? VAULT_TEXT.savedSecretHint : undefined) : OFFLINE_SECRET_HINT}>
                  <SecretInput
                    id={passId}
                    disabled={!online}
                    placeholder={stored ? (row.clearPassword ? VAULT_TEXT.clearedSecret : VAULT_TEXT.savedSecret) : ''}
                    registration={register(`endpoints.${i}.password`)}
                    extra={
                      stored && online ? (
                        <button
                          type="button"
                          className="btn btn-outline btn-small"
                          aria-label={`${row.clearPassword ? 'Keep' : 'Remove'} endpoint ${n} password`}
                          onClick={() => rows.update(i, { ...getValues(`endpoints.${i}`), clearPassword: !row.clearPassword })}
                        >
                          {row.clearPassword ? 'Keep' : 'Remove'}
                        </button>
                      ) : null
                    }
                  />
                </FormField>
              </div>
            </div>
          );
        })}
        <button type="button" className="btn btn-outline" onClick={() => rows.append(emptyEndpoint())}>
          Add Endpoint
        </button>
      </fieldset>

      <fieldset className="vault-fieldset">
        <legend>{FORM_SECTIONS.notes}</legend>
        <FormField id="vault-notes" label={VAULT_FIELD_LABELS.notes} optional hint={online ? undefined : OFFLINE_FIELD_HINT}>
          <textarea id="vault-notes" className="input textarea" rows={4} disabled={!online} {...register('notes')} />
        </FormField>
      </fieldset>

      <FormActions label={pending ? VAULT_TEXT.saving : editing ? VAULT_TEXT.update : VAULT_TEXT.create} pending={pending} onCancel={onCancel} className="vault-form-actions" />
    </form>
  );
}
