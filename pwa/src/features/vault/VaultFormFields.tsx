import type { Dispatch, SetStateAction } from 'react';
import type { FieldErrors, UseFieldArrayReturn, UseFormGetValues, UseFormRegister } from 'react-hook-form';
import { VAULT_FIELD_LABELS, type VaultSecretField, type VaultTextField } from '@portal/shared';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { FORM_SECTIONS, VAULT_TEXT } from './texts';
import { editableOffline, emptyEndpoint, type FormBase, type VaultFormValues } from './formModel';
import { SecretInput } from './SecretInput';

/** Hint under secret inputs with no connection (docs/decisions.md: secrets typed offline are refused). */
export const OFFLINE_SECRET_HINT = 'Passwords and account numbers can only be saved online: they are never stored on this device.';
const OFFLINE_FIELD_HINT = 'Needs a connection to edit.';

type TextOptions = { type?: string; inputMode?: 'email' | 'tel'; autoComplete?: string; required?: boolean };

/** What the field renderers of the vault form need from the form. */
export interface VaultFieldKit {
  base: FormBase | undefined;
  online: boolean;
  register: UseFormRegister<VaultFormValues>;
  errorOf(name: string): string | undefined;
  cleared: ReadonlySet<VaultSecretField>;
  setCleared: Dispatch<SetStateAction<ReadonlySet<VaultSecretField>>>;
}

/**
 * The renderers of one text field and one secret field of the vault form: a text field outside the
 * offline index is disabled offline with the reason; a secret input never shows its stored value,
 * offers 'Remove' (deleted on save) or 'Keep' when one is stored, and is disabled offline.
 */
export function vaultFieldRenderers(kit: VaultFieldKit) {
  const { base, online, register, errorOf, cleared, setCleared } = kit;
  const has = (f: VaultSecretField) => Boolean(base?.index[`has${f[0]!.toUpperCase()}${f.slice(1)}` as keyof typeof base.index]);

  const text = (f: VaultTextField | 'businessName', opts: TextOptions = {}) => {
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
  return { text, secret };
}

/** The Contact, Domain & Hosting, Network and ISP & Phone sections of the vault form (SPEC.md 2). */
export function VaultFieldSections({ kit }: { kit: VaultFieldKit }) {
  const { text, secret } = vaultFieldRenderers(kit);
  return (
    <>
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
    </>
  );
}

/** The Endpoints section of the vault form: rows added and removed, each with its own password control. */
export function EndpointsSection(props: {
  rows: UseFieldArrayReturn<VaultFormValues, 'endpoints', 'rowKey'>;
  errors: FieldErrors<VaultFormValues>;
  register: UseFormRegister<VaultFormValues>;
  getValues: UseFormGetValues<VaultFormValues>;
  online: boolean;
}) {
  const { rows, errors, register, getValues, online } = props;
  return (
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
  );
}

/** The Additional Notes section of the vault form (disabled offline with the reason). */
export function NotesSection({ register, online }: { register: UseFormRegister<VaultFormValues>; online: boolean }) {
  return (
    <fieldset className="vault-fieldset">
      <legend>{FORM_SECTIONS.notes}</legend>
      <FormField id="vault-notes" label={VAULT_FIELD_LABELS.notes} optional hint={online ? undefined : OFFLINE_FIELD_HINT}>
        <textarea id="vault-notes" className="input textarea" rows={4} disabled={!online} {...register('notes')} />
      </FormField>
    </fieldset>
  );
}
