import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MSG, supportPhoneSchema } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { NOT_LOADED_TEXT, isNoConnection } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useSaveSupportNumber } from './api/useSaveSupportNumber';
import { useSupportNumber } from './api/useSupportNumber';
import { useTestSms } from './api/useTestSms';
import { SETTINGS_TEXT } from './texts';
import { ErrorState } from '../../lib/ui/States';
import { useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';

const schema = z.object({ value: supportPhoneSchema });
type Values = z.input<typeof schema>;
const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<typeof schema>>;

/**
 * The support SMS number (SPEC.md 2 "Settings", 5, 8): the saved number prefilled; Save validates
 * with the shared supportPhoneSchema ('Please enter a phone number.' / 'Please enter a valid phone
 * number.' under the field, nothing sent) and toasts 'Settings Updated' or 'Failed to update
 * settings. Please try again.'. 'Test SMS' texts the SAVED number: without one it says 'Please save
 * a phone number before testing SMS.' and sends nothing; otherwise 'Test SMS Sent' or 'SMS Test
 * Failed' with SPEC.md 8's text.
 */
export function SupportNumberSection() {
  const toast = useToast();
  const setting = useSupportNumber();
  const save = useSaveSupportNumber();
  const testSms = useTestSms();
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const saved = setting.data?.value ?? null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver,
    defaultValues: { value: '' },
    values: { value: saved ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const onSave = ({ value }: z.output<typeof schema>) =>
    save.mutate(value, {
      onSuccess: (result) =>
        toast.show({ title: 'Settings Updated', description: `SMS alerts go to ${result.value ?? value}.` }),
      onError: (error) => {
        const message = isApiError(error, 400) ? error.fieldErrors?.value?.[0] : undefined;
        if (message) setError('value', { type: 'server', message });
        toast.show({ title: 'Error', description: SETTINGS_TEXT.updateFailed, variant: 'destructive' });
      },
    });

  const onTest = () => {
    if (!saved) {
      toast.show({ title: SETTINGS_TEXT.noNumberTitle, description: MSG.testSmsNeedsNumber, variant: 'destructive' });
      return;
    }
    testSms.mutate(undefined, {
      onSuccess: () => toast.show({ title: 'Test SMS Sent', description: `A test message was sent to ${saved}.` }),
      onError: (error) =>
        isApiError(error, 400) && error.serverMessage
          ? toast.show({ title: SETTINGS_TEXT.noNumberTitle, description: error.serverMessage, variant: 'destructive' })
          : toast.show({ title: 'SMS Test Failed', description: SETTINGS_TEXT.smsTestFailed, variant: 'destructive' }),
    });
  };

  const error = errors.value?.message;
  return (
    <section className="card settings-card" aria-labelledby="sms-heading">
      <h2 id="sms-heading">Support SMS Number</h2>
      <p className="muted settings-lead">High and urgent tickets are texted to this number.</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSave)} aria-label="Support SMS number">
        <FormField
          id="supportPhone"
          label="Phone Number"
          error={error}
          hint={setting.data ? (saved ? `Saved: ${saved}` : 'No number saved yet.') : offline ? NOT_LOADED_TEXT : setting.isError ? 'The saved number could not be loaded.' : 'Loading the saved number...'}
        >
          <input
            id="supportPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className="input"
            placeholder="+1 (555) 123-4567"
            disabled={setting.isPending}
            {...fieldAria('supportPhone', error)}
            {...register('value')}
          />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, save.isPending || setting.isPending)}>
            {save.isPending ? 'Saving...' : 'Save Number'}
          </button>
          <button type="button" className="btn btn-outline" {...writeProps(writeBlock, testSms.isPending || setting.isPending)} onClick={onTest}>
            {testSms.isPending ? 'Sending...' : 'Test SMS'}
          </button>
        </div>
      </form>
      {setting.isError && !setting.data && !isNoConnection(setting.error) && <ErrorState text="The saved number could not be loaded." error={setting.error} />}
    </section>
  );
}
