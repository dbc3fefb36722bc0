import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, CheckoutFields, type CustomerWire, DEFAULT_COUNTRY, isEmailMissing } from '@app/domain';
import { useForm } from 'react-hook-form';
import { Alert, Button } from '@/components/ui/index.ts';

/** The customer's details as Stripe bills them: the checkout's fields without the coupon. */
export const StripeInfoFields = CheckoutFields.omit({ coupon: true });
export type StripeInfoFields = ReturnType<typeof StripeInfoFields.parse>;

const FIELDS: { id: Exclude<keyof StripeInfoFields, 'country'>; label: string; autoComplete: string }[] = [
  { id: 'name', label: 'Name', autoComplete: 'name' },
  { id: 'email', label: 'Email', autoComplete: 'email' },
  { id: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { id: 'city', label: 'City', autoComplete: 'address-level2' },
  { id: 'state', label: 'State', autoComplete: 'address-level1' },
  { id: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
];

/** The form behind "Update Your Stripe Info": name, email and billing address, saved to Stripe. */
export function StripeInfoForm({
  customer,
  saving,
  error,
  onSave,
  onCancel,
}: {
  customer: CustomerWire;
  saving: boolean;
  error: string | null;
  onSave(values: StripeInfoFields): void;
  onCancel(): void;
}) {
  const { register, handleSubmit, formState } = useForm<StripeInfoFields>({
    resolver: zodResolver(StripeInfoFields),
    defaultValues: {
      name: customer.name ?? '',
      email: customer.email && !isEmailMissing(customer.email) ? customer.email : '',
      line1: customer.address?.line1 ?? '',
      city: customer.address?.city ?? '',
      state: customer.address?.state ?? '',
      postalCode: customer.address?.postal_code ?? '',
      country: customer.address?.country ?? DEFAULT_COUNTRY,
    },
  });
  const errorOf = (id: keyof StripeInfoFields) => formState.errors[id]?.message;
  return (
    <form className="stripe-info-form" noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      {FIELDS.map(({ id, label, autoComplete }) => (
        <div className="field" key={id}>
          <label htmlFor={`stripe-info-${id}`}>{label}</label>
          <input
            id={`stripe-info-${id}`}
            type={id === 'email' ? 'email' : 'text'}
            autoComplete={autoComplete}
            aria-invalid={errorOf(id) ? true : undefined}
            aria-describedby={errorOf(id) ? `stripe-info-${id}-error` : undefined}
            {...register(id)}
          />
          {errorOf(id) && (
            <p id={`stripe-info-${id}-error`} className="field-error">
              {errorOf(id)}
            </p>
          )}
        </div>
      ))}
      <div className="field">
        <label htmlFor="stripe-info-country">Country</label>
        <select id="stripe-info-country" autoComplete="country" {...register('country')}>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="actions">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Close
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
