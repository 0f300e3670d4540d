import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A password input that never autofills or saves to the browser's password manager (customer
 * credentials are not the technician's), with a Show/Hide toggle for what was typed.
 */
export function SecretInput(props: {
  id: string;
  disabled: boolean;
  placeholder: string;
  registration: UseFormRegisterReturn;
  extra?: ReactNode;
}) {
  const { id, disabled, placeholder, registration, extra } = props;
  const [visible, setVisible] = useState(false);
  return (
    <div className="secret-input">
      <input
        id={id}
        className="input"
        type={visible ? 'text' : 'password'}
        autoComplete="off"
        data-lpignore="true"
        data-1p-ignore="true"
        spellCheck={false}
        autoCapitalize="off"
        disabled={disabled}
        placeholder={placeholder}
        {...registration}
      />
      {!disabled && (
        <button type="button" className="btn btn-outline btn-small" aria-pressed={visible} aria-label={visible ? 'Hide typed value' : 'Show typed value'} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
        </button>
      )}
      {extra}
    </div>
  );
}
