import { COUNTRIES, US_STATES, type CheckoutFields } from '@app/domain';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

type Field = Exclude<keyof CheckoutFields, 'coupon'>;

interface FieldProps {
  id: Field;
  label: string;
  register: UseFormRegister<CheckoutFields>;
  errors: FieldErrors<CheckoutFields>;
}

/** A labelled field with the schema's complaint beneath it, tied to the control for screen readers. */
function Labelled({ id, label, errors, children }: Omit<FieldProps, 'register'> & { children: ReactNode }) {
  const message = errors[id]?.message;
  return (
    <div className="field">
      <label htmlFor={`checkout-${id}`}>{label}</label>
      {children}
      {message && (
        <p id={`checkout-${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}

const invalidProps = (id: Field, errors: FieldErrors<CheckoutFields>) =>
  errors[id]
    ? { 'aria-invalid': true as const, 'aria-describedby': `checkout-${id}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };

function Input({
  type = 'text',
  autoComplete,
  ...props
}: FieldProps & { type?: string; autoComplete: string }) {
  const { id, register, errors } = props;
  return (
    <Labelled {...props}>
      <input
        id={`checkout-${id}`}
        type={type}
        required
        autoComplete={autoComplete}
        {...invalidProps(id, errors)}
        {...register(id)}
      />
    </Labelled>
  );
}

function Select({ options, ...props }: FieldProps & { options: readonly { code: string; name: string }[] }) {
  const { id, register, errors } = props;
  return (
    <Labelled {...props}>
      <select id={`checkout-${id}`} required {...invalidProps(id, errors)} {...register(id)}>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** Name, email and billing address: every one required; state AL and country US by default. */
export function AddressFields({
  register,
  errors,
}: {
  register: UseFormRegister<CheckoutFields>;
  errors: FieldErrors<CheckoutFields>;
}) {
  const form = { register, errors };
  return (
    <div className="address-fields">
      <Input id="name" label="Name" autoComplete="name" {...form} />
      <Input id="email" label="Email" type="email" autoComplete="email" {...form} />
      <Input id="line1" label="Address" autoComplete="address-line1" {...form} />
      <Input id="city" label="City" autoComplete="address-level2" {...form} />
      <Select id="state" label="State" options={US_STATES} {...form} />
      <Input id="postalCode" label="Postal code" autoComplete="postal-code" {...form} />
      <Select id="country" label="Country" options={COUNTRIES} {...form} />
    </div>
  );
}
